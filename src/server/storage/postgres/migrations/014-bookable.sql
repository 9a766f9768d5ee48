-- Classes and groups customers may book themselves (all of them until now); when not, only staff book.
ALTER TABLE "schedules" ADD COLUMN "bookable" boolean NOT NULL DEFAULT true;
ALTER TABLE "schedules" ALTER COLUMN "bookable" DROP DEFAULT;
ALTER TABLE "events" ADD COLUMN "bookable" boolean NOT NULL DEFAULT true;
ALTER TABLE "events" ALTER COLUMN "bookable" DROP DEFAULT;
-- A plan's own late-cancel window, in hours before the class (NULL: the studio's).
ALTER TABLE "subscriptions" ADD COLUMN "lateCancelHours" integer;
