-- The job that tells payers of their memberships' next charge, holds the next period's pass, charges the
-- saved card and tries a declined charge again.
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_name_check";
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_name_check" CHECK ("name" IN ('send_messages', 'close_classes', 'reminders', 'pass_notices', 'penalties', 'payments', 'memberships'));
