import { z } from 'zod';

/** Calendar date `YYYY-MM-DD` that exists (no 2026-02-30). */
export const isoDate = z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'app.validation.date')
    .refine(value => {
        const date = new Date(`${value}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, 'app.validation.date');

/** Local wall-clock time `HH:mm`. */
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'app.validation.time');

/** Local date-time `YYYY-MM-DDTHH:mm` in the studio's time zone. */
export const localDateTime = z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'app.validation.date_time')
    .refine(value => isoDate.safeParse(value.slice(0, 10)).success, 'app.validation.date_time');

/** An instant in ISO 8601 UTC. */
export const instant = z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/, 'app.validation.instant')
    .refine(value => !Number.isNaN(Date.parse(value)), 'app.validation.instant');

const maxMoney = 100_000_000;

/** Whole cents: 10.05 is money, 10.005 is not. */
const inCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** Money in the studio currency: a finite number with at most two decimals. */
export const money = z
    .number({ error: 'app.validation.number' })
    .finite()
    .min(0, 'app.validation.not_negative')
    .max(maxMoney, 'app.validation.too_large')
    .refine(inCents, 'app.validation.cents');

export const positiveMoney = money.refine(value => value > 0, 'app.validation.positive');

/** Money in either direction: what a change to an amount is, which may also be nothing. */
export const signedMoney = z
    .number({ error: 'app.validation.number' })
    .finite()
    .min(-maxMoney, 'app.validation.too_large')
    .max(maxMoney, 'app.validation.too_large')
    .refine(inCents, 'app.validation.cents');

/**
 * A change that changes something: a correction of the ledger says by how much the money that moved
 * differs from what was recorded, and a difference of nothing is no correction.
 */
export const nonZeroMoney = signedMoney.refine(value => value !== 0, 'app.validation.not_zero');

export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'app.validation.color');

export const id = z.number({ error: 'app.validation.reference' }).int().positive();

export const requiredText = (max = 200) =>
    z
        .string({ error: 'ra.validation.required' })
        .trim()
        .min(1, 'ra.validation.required')
        .max(max, 'app.validation.too_long');

/** Optional free text: empty strings become null so that a cleared input clears the field. */
export const optionalText = (max = 2000) =>
    z.preprocess(
        value => (typeof value === 'string' && value.trim() === '' ? null : value),
        z.string().trim().max(max, 'app.validation.too_long').nullish(),
    );

export const optional = <T extends z.ZodTypeAny>(schema: T) =>
    z.preprocess(value => (value === '' ? null : value), schema.nullish());

export const phone = z
    .string({ error: 'ra.validation.required' })
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{3,22}[0-9]$/, 'app.validation.phone');

export const email = z
    .string({ error: 'ra.validation.required' })
    .trim()
    .toLowerCase()
    .pipe(z.email('ra.validation.email').max(200, 'app.validation.too_long'));

export const slug = z
    .string({ error: 'ra.validation.required' })
    .trim()
    .regex(/^[a-z][a-z0-9_-]{0,39}$/, 'app.validation.slug');

/** The languages of the interface and of the messages to customers. */
export const locales = ['en', 'ru'] as const;

/** A period that ends, ends on or after its start. */
export const startsBeforeEnd = (value: { startsOn?: string | null; endsOn?: string | null }) =>
    !value.startsOn || !value.endsOn || value.startsOn <= value.endsOn;
