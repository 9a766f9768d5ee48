import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';
import type { CorrectionInput, PassPaymentInput, RefundInput, SellPassInput } from '../domain/money';
import type {
    CloseAllAnswer,
    ClosedPeriodSummary,
    DashboardData,
    GenerationAnswer,
    GenerationForAllAnswer,
    IncomeStatistics,
    JournalAnswer,
    RosterAnswer,
    TeacherPayAnswer,
    WalkIn,
    PaymentSetupAnswer,
    MessageSetupAnswer,
} from '../domain/api';
import type { CancelNoticesAnswer } from '../domain/eventNotices';
import type { ImportField, ImportLine, ImportMapping } from '../domain/imports';
import type { PayrollAnswer } from '../domain/payroll';
import type {
    Attendance,
    Booking,
    Message,
    Identifier,
    Import,
    Pass,
    Payment,
    PaymentLink,
    Penalty,
    Status,
    StudioEvent,
    User,
} from '../domain/types';
import { readSession } from './session';

/** Browser paths whose collection has another name on the server. */
const renamed: Record<string, string> = { history: 'auditEntries' };

/** Settings resources live under /settings/... in the browser and at /api/<collection> on the server; /history is the audit trail. */
export const apiCollection = (resource: string) => renamed[resource] ?? resource.replace(/^settings\//, '');

export const httpClient = (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    const session = readSession();
    if (session) headers.set('Authorization', `Bearer ${session.token}`);
    return fetchUtils.fetchJson(url, { ...options, headers });
};

const rest = simpleRestProvider('/api', httpClient);

const methods = [
    'getList',
    'getOne',
    'getMany',
    'getManyReference',
    'create',
    'update',
    'updateMany',
    'delete',
    'deleteMany',
] as const;

const restMethods = Object.fromEntries(
    methods.map(method => [
        method,
        (resource: string, params: never) =>
            (rest[method] as (r: string, p: never) => Promise<unknown>)(apiCollection(resource), params),
    ]),
) as unknown as DataProvider;

/** A customer's one-time link to the studio's Telegram bot: its address, its token and when it ends (an instant). */
export interface TelegramLink {
    url: string;
    token: string;
    expiresAt: string;
}

/** A customer's one-time link that signs them in to the portal: its address and when it ends (an instant). */
interface SignInLink {
    url: string;
    expiresAt: string;
}

/** A collection a developer added to db.json beside the studio's own, and how many records it holds. */
export interface PrototypeCollection {
    name: string;
    count: number;
}

/** A row's problem in an import: the file's line, the field at fault, an i18n key and its parameters. */
export interface ImportRowError {
    row: number;
    /** The person the row is about. */
    name?: string;
    field: string;
    message: string;
    params?: Record<string, string | number>;
}

/** What importing a file would do (POST /api/imports/customers?dryRun=true): nothing is written. */
export interface ImportDryRun {
    encoding: string;
    separator: string;
    /** The file's columns, each with the field it is read into (null: left out). */
    columns: { header: string; field: ImportField | null }[];
    rows: { create: number; update: number; skip: number };
    /** Passes that would be carried over. */
    passes: number;
    errors: ImportRowError[];
    /** What it does with each row it takes, and what it leaves out of them. */
    lines?: ImportLine[];
    warnings?: ImportRowError[];
}

/** A customers' file to import: its bytes as read from the disk (the server finds the encoding), its name, and the columns chosen. */
export interface ImportCustomersInput {
    file: ArrayBuffer | Blob;
    fileName: string;
    /** Which field each column holds, by header; without it the server guesses from the headers. */
    mapping?: ImportMapping;
    dryRun: boolean;
}

const getJson = <T>(url: string): Promise<T> => httpClient(url).then(({ json }) => json as T);
const postJson = <T>(url: string, body: unknown): Promise<T> =>
    httpClient(url, { method: 'POST', body: JSON.stringify(body) }).then(({ json }) => json as T);

/** The business endpoints, called through the data provider as react-admin's custom methods. */
export const dataProvider = {
    ...restMethods,
    getIncomeStatistics: (params: { from: string; to: string; interval: string }) =>
        getJson<IncomeStatistics>(`/api/statistics/incomes?${new URLSearchParams(params)}`),
    getDashboard: () => getJson<DashboardData>('/api/dashboard'),
    getPaymentSetup: () => getJson<PaymentSetupAnswer>('/api/settings/payments'),
    /** The prototype collections, sorted by name: each is served at /api/<name> like the studio's own. */
    getPrototypes: () => getJson<PrototypeCollection[]>('/api/prototypes'),
    /** Rewrites the order of a whole status list in one request: `ids` in their new order. */
    reorderStatuses: (params: { name: string; ids: Identifier[] }) =>
        httpClient('/api/statuses/reorder', { method: 'POST', body: JSON.stringify(params) }).then(
            ({ json }) => json as Status[],
        ),
    sellPass: (params: SellPassInput) => postJson<{ pass: Pass; payment: Payment | null }>('/api/passes/sell', params),
    freezePass: ({ id, ...params }: { id: Identifier; from: string; to: string }) =>
        postJson<Pass>(`/api/passes/${id}/freeze`, params),
    unfreezePass: ({ id, ...params }: { id: Identifier; on: string }) =>
        postJson<Pass>(`/api/passes/${id}/unfreeze`, params),
    /** `pending`: an online refund the provider has not confirmed yet; it is recorded when it does. */
    refund: (params: RefundInput) =>
        postJson<{ pending?: boolean; payment?: Payment; pass?: Pass | null }>('/api/payments/refund', params),
    /** Pays (part of) what is still due on a pass. */
    payPass: ({ id, ...input }: PassPaymentInput & { id: Identifier }) =>
        postJson<{ payment: Payment; pass: Pass }>(`/api/passes/${id}/pay`, input),
    /** Charges a visit marked without a pass to a pass: the one named, or the one the charging rule picks. */
    settleVisit: ({ id, passId }: { id: Identifier; passId?: Identifier }) =>
        postJson<{ attendance: Attendance; pass: Pass }>(
            `/api/attendances/${id}/settle`,
            passId == null ? {} : { passId },
        ),
    /** Records a correction of a payment or refund: a new ledger entry pointing at it. */
    correctPayment: ({ id, ...input }: CorrectionInput & { id: Identifier }) =>
        postJson<Payment>(`/api/payments/${id}/correct`, input),
    cancelPaymentLink: ({ id }: { id: string }) =>
        postJson<PaymentLink>(`/api/paymentLinks/${encodeURIComponent(id)}/cancel`, {}),
    generateEvents: ({ id, ...period }: { id: Identifier; from: string; to: string }) =>
        postJson<GenerationAnswer>(`/api/schedules/${id}/generate`, period),
    /** Generates the classes of every active group for a period: the result of each group. */
    generateAllEvents: (period: { from: string; to: string }) =>
        postJson<GenerationForAllAnswer>('/api/schedules/generate', period),
    getRoster: ({ id }: { id: Identifier }) => getJson<RosterAnswer>(`/api/events/${id}/roster`),
    /** Who hears that a class is cancelled: before the cancel, by which channel; after it, how each message went. */
    getCancelNotices: ({ id }: { id: Identifier }) => getJson<CancelNoticesAnswer>(`/api/events/${id}/cancel-notices`),
    /** Closes a class (`done`: it counts as held) or reopens it; answers the class. */
    closeEvent: ({ id, reopen = false }: { id: Identifier; reopen?: boolean }) =>
        httpClient(`/api/events/${id}/${reopen ? 'reopen' : 'close'}`, { method: 'POST', body: '{}' }).then(
            ({ json }) => json as StudioEvent,
        ),
    /**
     * A seat in a class for a customer, or a place in its line (`waitlist`), or past the rules (`force`: managers
     * and admins); refused with a code in errors.eventId.
     */
    book: (params: { eventId: Identifier; customerId: Identifier; waitlist?: boolean; force?: boolean }) =>
        postJson<Booking>('/api/bookings', params),
    /** Frees a seat or leaves the line; answers the booking, `late` when inside the late-cancel window. */
    cancelBooking: ({ id }: { id: Identifier }) => postJson<Booking>(`/api/bookings/${id}/cancel`, {}),
    /** Which channels this server sends messages through, and the last failure of each. */
    getMessageSetup: () => getJson<MessageSetupAnswer>('/api/settings/messages'),
    /**
     * Sends a test message through a channel at once, by e-mail to an address or by Telegram to a customer
     * who linked it; refused with what the other side said.
     */
    sendTestMessage: (params: { channel: 'email'; to: string } | { channel: 'telegram'; customerId: Identifier }) =>
        postJson<{ sent: boolean }>('/api/settings/messages/test', params),
    /**
     * A one-time link to the studio's Telegram bot that links the chat it is opened in to the customer; a
     * new one replaces the old. Refused with 409 when Telegram is not set up on this server.
     */
    makeTelegramLink: ({ id }: { id: Identifier }) => postJson<TelegramLink>(`/api/customers/${id}/telegram-link`, {}),
    /**
     * A one-time link that signs the customer in to the portal when they press the button on its page,
     * valid for 24 hours; a new one replaces the old.
     */
    makeSignInLink: ({ id }: { id: Identifier }) => postJson<SignInLink>(`/api/customers/${id}/sign-in-link`, {}),
    /** Forgives a pending penalty before it applies, saying why (managers, admins); answers the penalty. */
    waivePenalty: ({ id, reason }: { id: Identifier; reason: string }) =>
        postJson<Penalty>(`/api/penalties/${id}/waive`, { reason }),
    /** Takes an applied fee at the desk (managers, admins): a payment naming the penalty; refused unless owed. */
    payPenalty: ({ id, method }: { id: Identifier; method: PassPaymentInput['method'] }) =>
        postJson<{ penalty: Penalty; payment: Payment }>(`/api/penalties/${id}/pay`, { method }),
    /** Queues a failed or skipped message again, due now; answers the message. */
    resendMessage: ({ id }: { id: Identifier }) => postJson<Message>(`/api/messages/${id}/resend`, {}),
    findWalkIns: ({ id, q }: { id: Identifier; q: string }) =>
        getJson<WalkIn[]>(`/api/events/${id}/walk-ins?${new URLSearchParams({ q })}`),
    getTeacherPay: ({ id, ...period }: { id: Identifier; from: string; to: string }) =>
        getJson<TeacherPayAnswer>(`/api/teachers/${id}/pay?${new URLSearchParams(period)}`),
    getPayroll: (period: { from: string; to: string }) =>
        getJson<PayrollAnswer>(`/api/reports/pay?${new URLSearchParams(period)}`),
    /** Closes a teacher's pay for the days of a period, with the figures they pay now. */
    closePay: ({ id, ...period }: { id: Identifier; from: string; to: string }) =>
        postJson<ClosedPeriodSummary>(`/api/teachers/${id}/pay/close`, period),
    /** Closes every teacher's pay for a period; teachers with a day of it closed already are skipped. */
    closeAllPay: (period: { from: string; to: string }) => postJson<CloseAllAnswer>('/api/reports/pay/close', period),
    /** Ends the hold many failed sign-ins put on a user's account (admins). */
    releaseSignIn: ({ id }: { id: Identifier }) => postJson<User>(`/api/users/${id}/release-sign-in`, {}),
    reopenPay: ({ id }: { id: Identifier }) => postJson<ClosedPeriodSummary>(`/api/payPeriods/${id}/reopen`, {}),
    /**
     * Imports customers from a CSV file, sent as it is: with `dryRun` only what would happen, otherwise
     * applied (rows without errors), answering the import recorded. Refused with errors.file or errors.mapping.
     */
    importCustomers: <D extends boolean>({
        file,
        fileName,
        mapping,
        dryRun,
    }: ImportCustomersInput & { dryRun: D }): Promise<D extends true ? ImportDryRun : Import> =>
        httpClient(
            `/api/imports/customers?${new URLSearchParams({
                fileName,
                ...(dryRun && { dryRun: 'true' }),
                ...(mapping && { mapping: JSON.stringify(mapping) }),
            })}`,
            { method: 'POST', body: file, headers: { Accept: 'application/json', 'Content-Type': 'text/csv' } },
        ).then(({ json }) => json as D extends true ? ImportDryRun : Import),
    /** Takes an import back; refused (409) once one of its records was used or changed, naming it. */
    undoImport: ({ id }: { id: Identifier }) => postJson<Import>(`/api/imports/${id}/undo`, {}),
    getAttendanceJournal: ({ id, month }: { id: Identifier; month: string }) =>
        getJson<JournalAnswer>(`/api/reports/attendances/${id}?${new URLSearchParams({ month })}`),
};

export type StudioDataProvider = typeof dataProvider;
