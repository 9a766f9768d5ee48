-- A customer may be reached by e-mail, or a ward through their guardian: the phone is no longer required.
ALTER TABLE "customers" ALTER COLUMN "phone" DROP NOT NULL;
