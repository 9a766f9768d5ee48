import type { z } from 'zod';
import type { declarations } from './collections';
import type { CollectionName } from './roles';
import type { paymentLinkPurposes } from './collections/paymentLinks';

/*
 * The records' types, read from the declarations (collections/) by z.infer: what a client writes,
 * in the form it is kept, with the fields the server adds. Nothing here is written twice.
 */

export type { CollectionName, Role } from './roles';
export type Identifier = number;

type Declared<Name extends CollectionName> = (typeof declarations)[Name];
/** The record a shape of fields makes; nothing for a declaration without that part. */
type Shape<Fields extends z.ZodRawShape> = keyof Fields extends never ? unknown : z.output<z.ZodObject<Fields>>;
type IdOf<Name extends CollectionName> = Declared<Name>['idKind'] extends 'integer'
    ? Identifier
    : Declared<Name>['idKind'] extends 'fixed'
      ? 'general'
      : string;

/** A record as the API answers it: its id and createdAt, what a client wrote (as kept) and what the server set. */
type RecordOf<Name extends CollectionName> = { id: IdOf<Name>; createdAt: string } & Omit<
    z.output<Declared<Name>['schema']>,
    keyof Declared<Name>['kept'] | keyof Declared<Name>['server'] | 'password'
> &
    Shape<Declared<Name>['kept']> &
    Shape<Declared<Name>['server']>;

/** A record as stored: with the fields that are never answered (a user's password hash). */
export type StoredRecordOf<Name extends CollectionName> = RecordOf<Name> & Shape<Declared<Name>['hidden']>;

/** A user as admins read it: `signInHold` (server-owned) only when the account was held after many failed sign-ins. */
export type User = RecordOf<'users'>;
export type Direction = RecordOf<'directions'>;
export type Studio = RecordOf<'studios'>;
export type Course = RecordOf<'courses'>;
export type Subscription = RecordOf<'subscriptions'>;
export type Pass = RecordOf<'passes'>;
export type Customer = RecordOf<'customers'>;
export type Schedule = RecordOf<'schedules'>;
export type Slot = Schedule['slots'][number];
export type StudioEvent = RecordOf<'events'>;
export type Attendance = RecordOf<'attendances'>;
export type Payment = RecordOf<'payments'>;
/** `passId`: the pass whose rest a `balance` link pays; the pass a `sale` link sold, once paid. */
export type PaymentLink = RecordOf<'paymentLinks'> & { purpose: (typeof paymentLinkPurposes)[number] };
export type Status = RecordOf<'statuses'>;
export type Config = RecordOf<'configs'>;
export type AuditEntry = RecordOf<'auditEntries'>;
/** A teacher's closed pay period (src/domain/payPeriods.ts): written by the server only. */
export type PayPeriod = RecordOf<'payPeriods'>;
/** A seat held in a class, or a place in its line (src/domain/bookings.ts). */
export type Booking = RecordOf<'bookings'>;
/** A message to a customer in the outbox (src/domain/messages.ts): written by the server only. */
export type Message = RecordOf<'messages'>;
/** One of the server's periodic jobs (src/server/jobs): written by its runner only. */
export type Job = RecordOf<'jobs'>;
/** A late cancel's or a no-show's penalty (src/domain/penalties.ts): written by the server only. */
export type Penalty = RecordOf<'penalties'>;
/** A make-up credit for an excused absence (src/domain/makeUps.ts): written by the server only. */
export type MakeUp = RecordOf<'makeUps'>;
/** An import of customers from a CSV file (src/server/imports): written by the server only. */
export type Import = RecordOf<'imports'>;
/** An attempt to pay a link on a provider's page (src/server/payments): written by the server only. */
export type OnlinePayment = RecordOf<'onlinePayments'>;

/** The stored user: the API never sends passwordHash, tokenVersion or revokedSessions. */
export type StoredUser = StoredRecordOf<'users'>;
/** The stored customer: the API never sends the linked Telegram chat or the link's token. */
export type StoredCustomer = StoredRecordOf<'customers'>;
/** The stored message: the API never sends a sign-in code's text as sent. */
export type StoredMessage = StoredRecordOf<'messages'>;

/** The whole database: every collection's records, as stored. */
export type Database = { [Name in CollectionName]: Name extends 'users' ? StoredUser[] : RecordOf<Name>[] };
