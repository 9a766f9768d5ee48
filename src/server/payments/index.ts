/*
 * The online payments room: the providers' hosted pages, their notices, and what a payment becomes,
 * exactly once. Other code uses it through this index only.
 */
export { cloudpaymentsProvider } from './cloudpayments';
export { providerNames, ProviderError, toMinor, type PaymentProvider, type ProviderName } from './provider';
export { receiptContact, type ReceiptSettings } from './receipts';
export { settlement, type Settlement } from './settle';
export { attemptReceipt, checkStillOwed, describePayment, receiptSettingsOf } from './checks';
export { tbankProvider } from './tbank';
export { isTestProvider, TestCardError, testProvider, type TestProvider } from './testProvider';
export { yookassaProvider } from './yookassa';
export { linkPayer } from './begin';
export { publicPaymentRoutes } from './publicRoutes';
export { noticeReceiver, paymentSetupRoutes, providerNoticeRoutes, testCheckoutRoutes } from './routes';
export { paymentLinkListFields, paymentLinkRules, onlinePaymentRules, portalPaymentLink } from './rules';
export type { MembershipLinks, MembershipSettling, OnlineEntry } from './membershipLinks';
export { choosePayments, isLocalAddress, PaymentSetupError, type PaymentSetup } from './setup';
