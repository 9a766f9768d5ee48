-- Sign-ins ended on their own device ("sign out" leaves the user's other devices signed in): each
-- session's id with the time its token would have expired, kept with the user until then.
ALTER TABLE "users" ADD COLUMN "revokedSessions" jsonb;
