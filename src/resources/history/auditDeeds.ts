import type { AuditEntry } from '../../domain/types';

/*
 * What a change of the audit trail did, in the words staff use ("Marked attendance", "Sold a pass"),
 * read from the request that made it: its method and path without the ids, or the job that ran. A
 * request of no known deed (the plain forms' create, change and delete) reads by what happened to the
 * record, a few collections in their own words.
 */

/** The request's method and path without '/api/' and with its ids as ':id': 'POST passes/:id/freeze'. */
export const endpointPattern = (endpoint: string): string => {
    const [method, path = ''] = endpoint.split(' ');
    const segments = path
        .replace(/^\/api\//, '')
        .split('/')
        .filter(Boolean)
        // Numbers, tokens and generated ids hold a digit or an underscore; the app's own words never do.
        .map(segment => (/[\d_]/.test(segment) ? ':id' : segment));
    return `${method} ${segments.join('/')}`;
};

/** The deed of each request and job that changes records, by its pattern. */
const byEndpoint: Record<string, string> = {
    'POST attendances': 'mark',
    'PUT attendances/:id': 'change_mark',
    'PATCH attendances/:id': 'change_mark',
    'DELETE attendances/:id': 'remove_mark',
    'POST attendances/:id/settle': 'settle_visit',
    'POST events/:id/walk-ins': 'walk_in',
    'POST events/:id/roster': 'mark',
    'POST events/:id/close': 'close_class',
    'POST events/:id/reopen': 'reopen_class',
    'POST passes/sell': 'sell_pass',
    'POST passes/:id/freeze': 'freeze_pass',
    'POST portal/passes/:id/freeze': 'freeze_pass',
    'POST passes/:id/unfreeze': 'unfreeze_pass',
    'POST portal/passes/:id/unfreeze': 'unfreeze_pass',
    'POST passes/:id/pay': 'pay_pass',
    'POST payments/refund': 'refund',
    'POST payments/:id/correct': 'correct_payment',
    'POST bookings': 'book',
    'POST portal/bookings': 'book',
    'POST bookings/:id/cancel': 'cancel_booking',
    'POST portal/bookings/:id/cancel': 'cancel_booking',
    'POST public/bookings/:id/cancel': 'cancel_booking',
    'POST penalties/:id/waive': 'waive_penalty',
    'POST penalties/:id/pay': 'pay_penalty',
    'POST schedules/generate': 'generate_classes',
    'POST schedules/:id/generate': 'generate_classes',
    'POST imports/customers': 'import_customers',
    'POST imports/:id/undo': 'undo_import',
    'POST teachers/:id/pay/close': 'close_pay',
    'POST reports/pay/close': 'close_pay',
    'POST users/:id/release-sign-in': 'release_sign_in',
    'POST public/payment-links/:id/pay': 'pay_online',
    'POST public/test-checkout/:id': 'pay_online',
    'POST portal/plans/:id/buy': 'buy_plan',
    'POST portal/pay': 'pay_balance',
    'POST statuses/reorder': 'reorder_statuses',
    'job close-classes': 'job_close_classes',
    'job penalties': 'job_penalties',
    'job payments': 'job_payments',
};

/** Records made through the plain forms that have words of their own. */
const byRecord: Record<string, string> = {
    'customers.create': 'add_customer',
    'events.create': 'add_class',
    'payments.create': 'record_payment',
    'paymentLinks.create': 'make_payment_link',
};

/** The message that tells what the change did. */
export const deedKey = (entry: Pick<AuditEntry, 'endpoint' | 'collection' | 'action'>): string => {
    const pattern = entry.endpoint ? endpointPattern(entry.endpoint) : '';
    const deed =
        byEndpoint[pattern] ??
        (pattern.startsWith('POST public/providers/') ? 'provider_notice' : undefined) ??
        byRecord[`${entry.collection}.${entry.action}`];
    return deed ? `app.history.deeds.${deed}` : `app.history.actions.${entry.action}`;
};
