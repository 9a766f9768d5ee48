/*
 * The pay room: what each teacher is paid for their classes, closing a paid period and the adjustments a
 * change to a closed period's class pays. Other code uses it through this index only.
 */
export { adjustClosedPay, closedPeriodOf, refuseClosedForTeacher } from './closedPay';
export { payrollRoutes } from './routes';
export { payPeriodRules } from './rules';
