import { leadCreateSchema, openLeadStatuses, staffLeadStatuses, type LeadStatus } from '../../domain/collections/leads';
import { e164Phone } from '../../domain/phones';
import type { Identifier } from '../../domain/types';
import { badRequest, conflict } from '../http/errors';
import { studioConfig } from '../rules/studio';
import type { WriteRules } from '../rules/types';
import type { Reader, Row } from '../storage/types';

/*
 * Leads as staff write them through the list protocol. Staff move a lead between new, contacted and
 * lost (a lost one says why); a trial booked or done and a win follow from what happened, and are the
 * server's. One person is one open lead: a second one with the same phone is refused unless staff saw
 * the first and mean it (`confirmDuplicate: true`, never stored). A won lead keeps what won it: only its
 * notes and its owner may still change.
 */

/** Whether a lead is still being worked on. */
export const isOpenLead = (status: unknown) => (openLeadStatuses as readonly unknown[]).includes(status);

/** The fields a won lead keeps as they were. */
const wonFields = [
    'name',
    'phone',
    'email',
    'childName',
    'directionId',
    'source',
    'utm',
    'referrerId',
    'status',
    'lostReason',
    'customerId',
] as const;

/** The optional fields, each present (null when empty) as both engines answer them. */
const optionalFields = [
    'email',
    'childName',
    'directionId',
    'utm',
    'referrerId',
    'lostReason',
    'ownerId',
    'customerId',
    'notes',
] as const;

const completed = (lead: Row): Row => ({
    ...lead,
    ...Object.fromEntries(optionalFields.map(field => [field, lead[field] ?? null])),
});

/** The phone in E.164, read in the studio's country when typed without a country code (as customers' phones). */
export const storedLeadPhone = async (reader: Reader, phone: string): Promise<string> => {
    const stored = e164Phone(phone, (await studioConfig(reader)).country);
    if (!stored) throw badRequest('The phone is not a valid phone number', { phone: 'app.validation.phone' });
    return stored;
};

/** The statuses only the server gives, refused unless the lead has that status already. */
const checkStatus = (status: LeadStatus, before?: LeadStatus) => {
    if (status === before || (staffLeadStatuses as readonly string[]).includes(status)) return;
    throw badRequest(`A lead becomes ${status} by what happens, not by hand`, {
        status: 'app.leads.errors.status_by_server',
    });
};

/** The open leads of this phone: a person is worked on once. */
export const openLeadsOf = async (reader: Reader, phone: string, except?: Identifier) =>
    (await reader.select('leads', { phone })).filter(lead => lead.id !== except && isOpenLead(lead.status));

const refuseDuplicate = async (reader: Reader, phone: string) => {
    const open = await openLeadsOf(reader, phone);
    if (!open.length) return;
    const duplicates = open.map(lead => ({ id: lead.id, name: lead.name }));
    throw conflict(
        `An open lead with this phone already exists: ${duplicates.map(lead => lead.name).join(', ')}. Send confirmDuplicate: true to add another.`,
        { phone: 'app.leads.errors.duplicate' },
        { duplicates },
    );
};

/** A value as compared: an object's keys in one order and its empty ones left out (PostgreSQL's jsonb reorders keys). */
const comparable = (value: unknown): unknown =>
    value !== null && typeof value === 'object'
        ? Object.fromEntries(
              Object.entries(value)
                  .filter(([, inner]) => inner != null)
                  .sort(([a], [b]) => a.localeCompare(b)),
          )
        : (value ?? null);

const same = (a: unknown, b: unknown) => JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));

export const leadRules: WriteRules<'leads'> = {
    createSchema: leadCreateSchema,
    async create({ confirmDuplicate, ...input }, { tx }) {
        const lead = completed(input);
        checkStatus(lead.status as LeadStatus);
        const phone = await storedLeadPhone(tx, lead.phone as string);
        if (confirmDuplicate !== true && isOpenLead(lead.status)) await refuseDuplicate(tx, phone);
        return { ...lead, phone, wonAt: null };
    },

    async update(record, before, { tx }) {
        const lead = completed(record);
        if (before.status === 'won') {
            const changed = wonFields.find(field => !same(lead[field], before[field]));
            if (changed)
                throw conflict('This lead is won: only its notes and owner can change', {
                    [changed]: 'app.leads.errors.won',
                });
            return lead;
        }
        checkStatus(lead.status as LeadStatus, before.status);
        const phone = lead.phone === before.phone ? before.phone : await storedLeadPhone(tx, lead.phone as string);
        return { ...lead, phone };
    },
};
