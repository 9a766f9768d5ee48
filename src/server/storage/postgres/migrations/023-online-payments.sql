-- Attempts to pay a payment link on a provider's hosted page (ЮKassa, CloudPayments, T-Bank, the test
-- provider): what the link asked, the provider's ids, and how it went. A provider's payment is recorded
-- once, however often its notice comes.
CREATE TABLE "onlinePayments" (
  "id" text NOT NULL PRIMARY KEY,
  "paymentLinkId" text NOT NULL,
  "provider" text COLLATE "C" NOT NULL,
  "providerPaymentId" text COLLATE "C",
  "providerTransactionId" text COLLATE "C",
  "amount" numeric(12,2) NOT NULL,
  "currency" text COLLATE "C" NOT NULL,
  "customerId" integer NOT NULL,
  "purpose" text COLLATE "C" NOT NULL,
  "subscriptionId" integer NOT NULL,
  "passId" integer,
  "penaltyId" integer,
  "status" text COLLATE "C" NOT NULL,
  "reason" text COLLATE "C",
  "confirmationUrl" text COLLATE "C",
  "receiptContact" text COLLATE "C",
  "paymentId" integer,
  "refundKey" text COLLATE "C",
  "providerRefundId" text COLLATE "C",
  "updatedAt" iso_instant NOT NULL,
  "settledAt" iso_instant,
  "createdAt" iso_instant NOT NULL,
  CONSTRAINT "onlinePayments_provider_check" CHECK ("provider" IN ('yookassa', 'cloudpayments', 'tbank', 'test')),
  CONSTRAINT "onlinePayments_purpose_check" CHECK ("purpose" IN ('sale', 'balance', 'fee')),
  CONSTRAINT "onlinePayments_status_check" CHECK ("status" IN ('creating', 'pending', 'succeeded', 'declined', 'failed', 'refunding', 'refunded', 'refund_failed'))
);

ALTER TABLE "onlinePayments" ADD CONSTRAINT "onlinePayments_paymentLinkId_fkey" FOREIGN KEY ("paymentLinkId") REFERENCES "paymentLinks" (id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE "onlinePayments" ADD CONSTRAINT "onlinePayments_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers" (id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE "onlinePayments" ADD CONSTRAINT "onlinePayments_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "subscriptions" (id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE "onlinePayments" ADD CONSTRAINT "onlinePayments_passId_fkey" FOREIGN KEY ("passId") REFERENCES "passes" (id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE "onlinePayments" ADD CONSTRAINT "onlinePayments_penaltyId_fkey" FOREIGN KEY ("penaltyId") REFERENCES "penalties" (id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE "onlinePayments" ADD CONSTRAINT "onlinePayments_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "payments" (id) DEFERRABLE INITIALLY DEFERRED;

CREATE UNIQUE INDEX "onlinePayments_provider_providerPaymentId_unique" ON "onlinePayments" (studio_key("provider"), studio_key("providerPaymentId"));

CREATE INDEX "onlinePayments_paymentLinkId_index" ON "onlinePayments" ("paymentLinkId");
CREATE INDEX "onlinePayments_customerId_index" ON "onlinePayments" ("customerId");
CREATE INDEX "onlinePayments_subscriptionId_index" ON "onlinePayments" ("subscriptionId");
CREATE INDEX "onlinePayments_passId_index" ON "onlinePayments" ("passId");
CREATE INDEX "onlinePayments_penaltyId_index" ON "onlinePayments" ("penaltyId");
CREATE INDEX "onlinePayments_paymentId_index" ON "onlinePayments" ("paymentId");
CREATE INDEX "onlinePayments_status_index" ON "onlinePayments" ("status");
CREATE INDEX "onlinePayments_providerPaymentId_index" ON "onlinePayments" ("providerPaymentId");
CREATE INDEX "onlinePayments_createdAt_index" ON "onlinePayments" ("createdAt");
