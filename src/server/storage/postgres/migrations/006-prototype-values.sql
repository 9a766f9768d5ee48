-- The fields of prototype records, indexed for containment (record @> '{"customerId": 5}'): deleting a
-- studio record asks whether any prototype record refers to it, and that question is then answered
-- from the index instead of by reading every prototype record.
CREATE INDEX prototype_records_values ON prototype_records USING gin (record jsonb_path_ops);
