-- A teacher's pay was one rule, {kind, amount}; it is now a list of dated rates. The old rule becomes
-- the first rate, from the beginning, for every class, so every past class pays as it did.
UPDATE users
   SET pay = jsonb_build_array(jsonb_build_object(
           'from', NULL, 'kind', pay->'kind', 'amount', pay->'amount',
           'bonus', 0, 'threshold', 0, 'minimum', 0, 'directionId', NULL, 'courseId', NULL))
 WHERE jsonb_typeof(pay) = 'object';
