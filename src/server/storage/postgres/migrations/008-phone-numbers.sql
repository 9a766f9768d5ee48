-- Customers by the number their phone holds, however written (8 952 ..., +7 952 ...): a new customer
-- whose number is already someone's is found from this index, not by reading every customer.
CREATE INDEX customers_phone_number_index ON customers (studio_national(regexp_replace(phone, '[^0-9]', '', 'g')));
