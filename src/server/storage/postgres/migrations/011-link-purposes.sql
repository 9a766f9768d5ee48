-- What a payment link's payment does: sells a pass of its plan (every link made before), or pays the
-- rest of a pass it names (passId, set when the link is made).
ALTER TABLE "paymentLinks" ADD COLUMN "purpose" text COLLATE "C" NOT NULL DEFAULT 'sale';
ALTER TABLE "paymentLinks" ALTER COLUMN "purpose" DROP DEFAULT;
