import { Router } from 'express';
import { bookingRoutes } from '../bookings';
import { importRoutes } from '../imports';
import { cancelNoticeRoutes, messageRoutes, messageSetupRoutes, type Channels } from '../messages';
import { moneyRoutes } from '../money';
import { payrollRoutes } from '../pay';
import { penaltyRoutes } from '../policy';
import {
    isTestProvider,
    paymentSetupRoutes,
    publicPaymentRoutes,
    testCheckoutRoutes,
    type PaymentSetup,
    type Settlement,
} from '../payments';
import { publicBookingRoutes } from '../portal';
import { settingsRoutes } from '../settings';
import { statisticsRoutes } from '../statistics';
import { timetableRoutes } from '../timetable';
import { taskRoutes } from '../tasks';
import { consentRoutes } from '../consents';
import { membershipLinks, membershipRoutes } from '../memberships';
import { privacyRoutes } from '../privacy';
import type { Clock } from '../../domain/time';
import type { Storage } from '../storage/types';

/*
 * The business endpoints, one router per feature (money, timetable, statistics...), mounted under /api.
 * `publicRoutes` need no sign-in (the payment page, a reminder's cancel page); `featureRoutes` come after authentication and
 * check roles themselves. A feature adds its router to the list it belongs to. `clock` is the server's:
 * a router whose rules depend on the time (today, windows, expiry) reads it from there and nowhere else.
 */
export const publicRoutes = (
    storage: Storage,
    payments: PaymentSetup,
    settlement: Settlement | null,
    clock: Clock,
    publicUrl?: string,
): Router[] => [
    publicPaymentRoutes(storage, payments, settlement, clock, { publicUrl, memberships: membershipLinks }),
    ...(isTestProvider(payments.provider) ? [testCheckoutRoutes(payments.provider, clock)] : []),
    publicBookingRoutes(storage, clock),
];

export const featureRoutes = (
    storage: Storage,
    payments: PaymentSetup,
    settlement: Settlement | null,
    clock: Clock,
    channels: Channels,
): Router[] => [
    paymentSetupRoutes(payments),
    messageSetupRoutes(storage, channels, clock),
    statisticsRoutes(storage, clock),
    moneyRoutes(storage, clock, settlement),
    settingsRoutes(storage),
    timetableRoutes(storage, clock),
    bookingRoutes(storage, clock),
    cancelNoticeRoutes(storage, channels),
    penaltyRoutes(storage, clock),
    importRoutes(storage, clock),
    messageRoutes(storage, clock),
    payrollRoutes(storage, clock),
    taskRoutes(storage, clock),
    consentRoutes(storage, clock, channels),
    membershipRoutes(storage, clock, { online: payments.provider !== null }),
    privacyRoutes(storage, clock),
];

export const mountAll = (routers: Router[]): Router => {
    const router = Router();
    routers.forEach(feature => router.use(feature));
    return router;
};
