-- Fiscal receipts of online payments: the studio's taxation system (none: no receipt is sent through the
-- payment provider), the VAT of its services and how they are settled.
ALTER TABLE "configs" ADD COLUMN "receiptTaxSystem" text COLLATE "C";
ALTER TABLE "configs" ADD CONSTRAINT "configs_receiptTaxSystem_check" CHECK ("receiptTaxSystem" IN ('osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'));
ALTER TABLE "configs" ADD COLUMN "receiptVat" text COLLATE "C" NOT NULL DEFAULT 'none';
ALTER TABLE "configs" ALTER COLUMN "receiptVat" DROP DEFAULT;
ALTER TABLE "configs" ADD CONSTRAINT "configs_receiptVat_check" CHECK ("receiptVat" IN ('none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat110', 'vat120', 'vat22', 'vat122'));
ALTER TABLE "configs" ADD COLUMN "receiptPaymentMode" text COLLATE "C" NOT NULL DEFAULT 'full_payment';
ALTER TABLE "configs" ALTER COLUMN "receiptPaymentMode" DROP DEFAULT;
ALTER TABLE "configs" ADD CONSTRAINT "configs_receiptPaymentMode_check" CHECK ("receiptPaymentMode" IN ('full_payment', 'full_prepayment'));

-- CloudPayments' refunds name the transaction that paid an order: an attempt is found by it too.
CREATE INDEX "onlinePayments_providerTransactionId_index" ON "onlinePayments" ("providerTransactionId");

-- The job that asks providers about payments whose notice is late and gives back what a link no longer takes.
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_name_check";
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_name_check" CHECK ("name" IN ('send_messages', 'close_classes', 'reminders', 'pass_notices', 'penalties', 'payments'));

-- Refunds staff give of an online payment through the provider, kept on the payment until it confirms them.
ALTER TABLE "onlinePayments" ADD COLUMN "refunds" jsonb NOT NULL DEFAULT '[]';
ALTER TABLE "onlinePayments" ALTER COLUMN "refunds" DROP DEFAULT;
ALTER TABLE "onlinePayments" ADD COLUMN "refundPending" boolean NOT NULL DEFAULT false;
ALTER TABLE "onlinePayments" ALTER COLUMN "refundPending" DROP DEFAULT;
CREATE INDEX "onlinePayments_refundPending_index" ON "onlinePayments" ("refundPending");
