/*
 * The money room: the ledger and passes. Other rooms use it through this index only: the online
 * payments record what a provider confirms with the same operations as the desk.
 */
export { moneyRoutes, type OnlineRefunds } from './routes';
export { recordPassPayment, recordRefund, recordSale } from './operations';
export { frozenUntilOn } from './debts';
export { dueOn, passBalances, passListFields, passRules, paymentRules } from './rules';
