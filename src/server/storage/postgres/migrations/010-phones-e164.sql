-- Phones are stored in one form, E.164 (+79526327015), a number typed without its country code being
-- read in the studio's country, which the settings now name. Settings made before get the country of
-- the studio's currency, and the phones typed before are brought to E.164, by the step of this
-- migration in migrations.ts: SQL cannot read a phone number by its country's rules, and the db.json
-- engine's upgrade reads them with the same code.
ALTER TABLE "configs" ADD COLUMN "country" text COLLATE "C" NOT NULL DEFAULT 'RU';
ALTER TABLE "configs" ALTER COLUMN "country" DROP DEFAULT;
