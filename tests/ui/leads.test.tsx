// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, RecordContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { guarded } from '../../src/app/guarded';
import { Menu } from '../../src/app/Menu';
import type { Config, Customer, Subscription } from '../../src/domain/types';
import { SellPassDialog } from '../../src/resources/customers/SellPassDialog';
import { LeadCreate } from '../../src/resources/leads/LeadCreate';
import { LeadEdit } from '../../src/resources/leads/LeadEdit';
import { LeadList } from '../../src/resources/leads/LeadList';
import type { Lead } from '../../src/resources/leads/model';
import { renderScreen, type Locale } from '../support/screen';

/*
 * Leads on the staff's screens, in English and Russian: the list (status chips, source, owner and
 * direction by name, its filters), the form (required name and phone, a reason when lost, the server's
 * statuses read-only, a won lead's customer), the server's refusal of a second open lead with the same
 * phone and "Save anyway", and the menu entry only for those who may work on leads.
 */

afterEach(cleanup);

const config = { id: 'general', currency: 'RUB', timezone: 'Europe/Moscow' } as Config;
const users = [{ id: 2, name: 'Maria Manager', active: true, role: 'manager' }];
const directions = [{ id: 4, name: 'Contemporary' }];
const customer = { id: 9, firstName: 'Olga', lastName: 'Smirnova' };

const lead = (id: number, fields: Partial<Lead>): Lead =>
    ({
        id,
        name: `Lead ${id}`,
        phone: '+79161234567',
        email: null,
        childName: null,
        directionId: null,
        source: 'phone',
        utm: null,
        referrerId: null,
        status: 'new',
        lostReason: null,
        ownerId: null,
        customerId: null,
        notes: null,
        wonAt: null,
        createdAt: '2026-11-20T10:00:00.000Z',
        ...fields,
    }) as Lead;

const fresh = lead(1, { name: 'Irina Volkova', childName: 'Sasha', ownerId: 2, directionId: 4 });
const lost = lead(2, { name: 'Pavel Orlov', status: 'lost', lostReason: 'Too far', source: 'walk_in' });
const won = lead(3, {
    name: 'Olga Smirnova',
    status: 'won',
    source: 'portal',
    customerId: 9,
    referrerId: 9,
    utm: { source: 'vk', medium: 'cpc', campaign: 'autumn' },
    wonAt: '2026-11-25T10:00:00.000Z',
});
const booked = lead(4, { name: 'Nina Belova', status: 'trial_booked', source: 'trial_page' });

const providerWith = (leads: Lead[], overrides: Partial<DataProvider> = {}) => {
    const byResource = (resource: string) =>
        resource === 'leads'
            ? leads
            : resource === 'settings/users'
              ? users
              : resource === 'settings/directions'
                ? directions
                : resource === 'customers'
                  ? [customer]
                  : [];
    const getList = vi.fn(async (resource: string) => ({
        data: byResource(resource),
        total: byResource(resource).length,
    }));
    const dataProvider = testDataProvider({
        getList,
        getOne: async (resource: string, { id }: { id: unknown }) => ({
            data: resource === 'leads' ? leads.find(one => one.id === Number(id)) : config,
        }),
        getMany: async (resource: string, { ids }: { ids: unknown[] }) => ({
            data: (byResource(resource) as { id: unknown }[]).filter(record => ids.includes(record.id)),
        }),
        ...overrides,
    } as unknown as Partial<DataProvider>);
    return { dataProvider, getList };
};

const texts = {
    en: { lost: 'Lost', won: 'Won', new: 'New', walkIn: 'Walked in', status: 'Status', newLead: 'New lead' },
    ru: { lost: 'Отказ', won: 'Купил', new: 'Новый', walkIn: 'Пришёл сам', status: 'Статус', newLead: 'Новый лид' },
} as const;

describe.each(['en', 'ru'] as Locale[])('the leads list in %s', locale => {
    const text = texts[locale];

    it('shows each lead with its status chip, source, owner and direction, and filters by status', async () => {
        const { dataProvider, getList } = providerWith([fresh, lost, won]);
        renderScreen(<LeadList />, { role: 'manager', locale, dataProvider, resource: 'leads', path: '/leads' });
        expect(await screen.findByText('Irina Volkova')).toBeTruthy();
        const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
        expect(within(rowOf('Irina Volkova')).getByText('Sasha')).toBeTruthy();
        expect(within(rowOf('Irina Volkova')).getByText('+7 916 123-45-67')).toBeTruthy();
        expect(await within(rowOf('Irina Volkova')).findByText('Maria Manager')).toBeTruthy();
        expect(await within(rowOf('Irina Volkova')).findByText('Contemporary')).toBeTruthy();
        expect(
            within(rowOf('Irina Volkova')).getByText(text.new).closest('[data-status]')?.getAttribute('data-status'),
        ).toBe('new');
        expect(within(rowOf('Pavel Orlov')).getByText(text.walkIn)).toBeTruthy();
        expect(within(rowOf('Pavel Orlov')).getByText(text.lost)).toBeTruthy();
        expect(within(rowOf('Olga Smirnova')).getByText(text.won)).toBeTruthy();
        expect(screen.getByRole('link', { name: text.newLead }).getAttribute('href')).toBe('/leads/create');
        expect(getList).toHaveBeenCalledWith(
            'leads',
            expect.objectContaining({
                sort: { field: 'createdAt', order: 'DESC' },
                pagination: { page: 1, perPage: 10 },
            }),
        );

        fireEvent.mouseDown(screen.getByRole('combobox', { name: text.status }));
        fireEvent.click(await screen.findByRole('option', { name: text.lost }));
        await waitFor(() =>
            expect(getList).toHaveBeenCalledWith('leads', expect.objectContaining({ filter: { status: 'lost' } })),
        );
    });
});

describe('a new lead', () => {
    const renderCreate = (create: DataProvider['create']) => {
        const { dataProvider } = providerWith([], { create });
        renderScreen(<LeadCreate />, { role: 'manager', dataProvider, resource: 'leads', path: '/leads/create' });
    };

    it('needs a name and a phone, and a reason once lost', async () => {
        const create = vi.fn(async (_resource: string, { data }: { data: Partial<Lead> }) => ({
            data: { ...lead(5, {}), ...data },
        }));
        renderCreate(create as unknown as DataProvider['create']);
        fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'pavel@example.com' } });
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
        expect(create).not.toHaveBeenCalled();

        fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Pavel Orlov' } });
        fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+7 916 765-43-21' } });
        expect(screen.queryByLabelText(/^Why lost/)).toBeNull();
        fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Status/ }));
        const options = await screen.findAllByRole('option');
        // Staff choose among new, contacted and lost: a trial and a win are the server's.
        expect(options.map(option => option.textContent)).toEqual(['New', 'Contacted', 'Lost']);
        fireEvent.click(screen.getByRole('option', { name: 'Lost' }));
        // Lost asks why: the reason appears with the status, and is required.
        const reason = await screen.findByLabelText('Why lost');
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(1));
        expect(create).not.toHaveBeenCalled();
        fireEvent.change(reason, { target: { value: 'Found a studio nearer home' } });
        // The form checks again as the reason is typed: Save once it has.
        await waitFor(() => expect(screen.queryByText('Required')).toBeNull());
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
        expect(create.mock.calls[0][1].data).toMatchObject({
            name: 'Pavel Orlov',
            phone: '+7 916 765-43-21',
            status: 'lost',
            lostReason: 'Found a studio nearer home',
            source: 'phone',
        });
        expect(create.mock.calls[0][1].data).not.toHaveProperty('confirmDuplicate');
    });

    it('names the open lead the server found with the same phone, and saves anyway when asked', async () => {
        const create = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => {
            if (!data.confirmDuplicate)
                throw new HttpError('An open lead has this phone already', 409, {
                    message: 'An open lead has this phone already',
                    errors: { phone: 'app.leads.errors.duplicate' },
                    duplicates: [{ id: 1, name: 'Irina Volkova' }],
                });
            return { data: { ...lead(6, {}), ...data } };
        });
        renderCreate(create as unknown as DataProvider['create']);
        fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Irina V.' } });
        fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+79161234567' } });
        expect(screen.queryByRole('button', { name: 'Save anyway' })).toBeNull();
        fireEvent.click(screen.getByRole('button', { name: 'Save' }));
        const alert = await screen.findByRole('alert');
        expect(within(alert).getByText(/An open lead has this phone already/)).toBeTruthy();
        expect(within(alert).getByRole('link', { name: 'Irina Volkova' }).getAttribute('href')).toBe('/leads/1');
        expect(create).toHaveBeenCalledTimes(1);

        fireEvent.click(within(alert).getByRole('button', { name: 'Save anyway' }));
        await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
        expect(create.mock.calls[1][1].data).toMatchObject({ name: 'Irina V.', confirmDuplicate: true });
    });
});

describe("a lead's form", () => {
    const renderEdit = (record: Lead, locale: Locale = 'en') => {
        const update = vi.fn(async (_resource: string, { data }: { data: Partial<Lead> }) => ({
            data: { ...record, ...data },
        }));
        const { dataProvider } = providerWith([record], { update } as unknown as Partial<DataProvider>);
        renderScreen(<LeadEdit />, {
            role: 'manager',
            locale,
            dataProvider,
            resource: 'leads',
            path: `/leads/${record.id}`,
            route: '/leads/:id',
        });
        return update;
    };

    it('keeps a won lead but its owner and notes, and links to the customer it became', async () => {
        const update = renderEdit(won, 'ru');
        const name = await screen.findByDisplayValue('Olga Smirnova');
        expect((name as HTMLInputElement).disabled).toBe(true);
        expect((screen.getByDisplayValue('+7 916 123-45-67') as HTMLInputElement).disabled).toBe(true);
        expect(screen.getByText(/Лид купил абонемент/)).toBeTruthy();
        const [card] = await screen.findAllByRole('link', { name: 'Olga Smirnova' });
        expect(card.getAttribute('href')).toBe('/customers/9');
        expect(screen.getByText(/^Клиент:/)).toBeTruthy();
        expect(screen.getByText(/^По рекомендации:/)).toBeTruthy();
        expect(screen.getByText('Кампания: vk / cpc / autumn')).toBeTruthy();
        fireEvent.change(screen.getByLabelText('Заметки'), { target: { value: 'Bought the monthly' } });
        fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
        await waitFor(() => expect(update).toHaveBeenCalled());
        expect(update.mock.calls[0][1].data).toMatchObject({ notes: 'Bought the monthly', status: 'won' });
    });

    it('shows a booked trial as the server set it, and still lets staff mark the lead lost', async () => {
        renderEdit(booked);
        await screen.findByDisplayValue('Nina Belova');
        expect(screen.getByText('Set by the trial booking; you may still mark the lead lost')).toBeTruthy();
        fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Status/ }));
        const bookedOption = await screen.findByRole('option', { name: 'Trial booked' });
        expect(bookedOption.getAttribute('aria-disabled')).toBe('true');
        expect(screen.queryByRole('option', { name: 'Won' })).toBeNull();
    });
});

describe('the menu', () => {
    it('has Leads under Customers for managers and admins, and nothing of it for teachers', async () => {
        renderScreen(<Menu />, { role: 'manager' });
        expect((await screen.findByRole('menuitem', { name: 'Leads' })).getAttribute('href')).toBe('/leads');
        cleanup();
        renderScreen(<Menu />, { role: 'admin', locale: 'ru' });
        expect((await screen.findByRole('menuitem', { name: 'Лиды' })).getAttribute('href')).toBe('/leads');
        cleanup();
        renderScreen(<Menu />, { role: 'teacher' });
        expect(await screen.findByRole('menuitem', { name: 'Classes' })).toBeTruthy();
        expect(screen.queryByRole('menuitem', { name: 'Leads' })).toBeNull();
    });

    it('does not list leads to a teacher who opens the address', async () => {
        // As the app registers it: every resource's screens guarded by the role's grants.
        const GuardedList = guarded({ list: LeadList }).list;
        const { dataProvider, getList } = providerWith([fresh]);
        renderScreen(
            <Routes>
                <Route path="/leads" element={<GuardedList />} />
                <Route path="/access-denied" element={<p>Access denied</p>} />
            </Routes>,
            { role: 'teacher', dataProvider, resource: 'leads', path: '/leads' },
        );
        expect(await screen.findByText('Access denied')).toBeTruthy();
        expect(screen.queryByText('Irina Volkova')).toBeNull();
        expect(getList).not.toHaveBeenCalledWith('leads', expect.anything());
    });
});

describe('a second trial at the desk', () => {
    it('says the person has had a trial already, and sells it anyway with force', async () => {
        const trialPlan = {
            id: 8,
            name: 'Trial class',
            price: 500,
            visits: 1,
            validityDays: 7,
            trial: true,
        } as Subscription;
        const sellPass = vi.fn(async (params: Record<string, unknown>) => {
            if (!params.force)
                throw new HttpError('This person has had a trial already', 409, {
                    message: 'This person has had a trial already',
                    errors: { subscriptionId: 'app.money.errors.trial_used' },
                });
            return { pass: { id: 1 }, payment: null };
        });
        const onClose = vi.fn();
        const dataProvider = {
            ...testDataProvider({
                getOne: async () => ({ data: config }) as never,
                getList: async () => ({ data: [trialPlan], total: 1 }) as never,
                getMany: async () => ({ data: [trialPlan] }) as never,
            }),
            sellPass,
        };
        renderScreen(
            <RecordContextProvider value={{ ...customer, status: 'active' } as Customer}>
                <SellPassDialog open onClose={onClose} />
            </RecordContextProvider>,
            { role: 'manager', locale: 'ru', dataProvider, resource: 'customers' },
        );
        const dialog = within(await screen.findByRole('dialog'));
        fireEvent.mouseDown(await dialog.findByRole('combobox', { name: /абонемента/ }));
        fireEvent.click(await screen.findByRole('option', { name: /Trial class/ }));
        fireEvent.click(dialog.getByRole('button', { name: 'Продать абонемент' }));
        expect((await dialog.findAllByText(/Пробное занятие у этого человека уже было/)).length).toBeGreaterThan(0);
        expect(sellPass.mock.calls[0][0]).not.toHaveProperty('force');
        fireEvent.click(dialog.getByRole('button', { name: 'Всё равно продать' }));
        await waitFor(() => expect(sellPass).toHaveBeenCalledTimes(2));
        expect(sellPass.mock.calls[1][0]).toMatchObject({ customerId: 9, subscriptionId: 8, force: true });
        await waitFor(() => expect(onClose).toHaveBeenCalled());
    });
});
