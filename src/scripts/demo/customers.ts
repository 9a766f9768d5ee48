/* The studio's customers: names, unique phones and emails; status and registration are settled at the end. */
import type { Locale } from '../../domain/statuses';
import type { Customer } from '../../domain/types';
import { CUSTOMER_NOTES, EMAIL_DOMAINS, FEMALE_NAMES, MALE_NAMES, SOURCES, SURNAMES, transliterate } from './people';
import type { Random } from './random';
import { localInstant, pad, type Calendar } from './world';
const makePhone = (random: Random, taken: Set<string>): string => {
    for (;;) {
        // Stored in E.164, as the server stores every phone.
        const phone = `+79${random.int(0, 9)}${random.int(0, 9)}${random.int(100, 999)}${pad(random.int(0, 99))}${pad(random.int(0, 99))}`;
        if (!taken.has(phone)) {
            taken.add(phone);
            return phone;
        }
    }
};

const makeEmail = (
    random: Random,
    firstName: string,
    lastName: string,
    birthYear: number | null,
    taken: Set<string>,
): string => {
    const first = transliterate(firstName);
    const last = transliterate(lastName);
    const local = random.pick([
        `${first}.${last}`,
        `${first[0]}${last}`,
        `${first}${birthYear ? String(birthYear).slice(2) : random.int(10, 99)}`,
    ]);
    const domain = random.pick(EMAIL_DOMAINS);
    for (let suffix = 1; ; suffix++) {
        const email = `${local}${suffix === 1 ? '' : suffix}@${domain}`;
        if (!taken.has(email)) {
            taken.add(email);
            return email;
        }
    }
};

/** Status and createdAt are settled at the end of the simulation, from what the customer did. */
export const makeCustomers = (random: Random, count: number, calendar: Calendar, locale: Locale): Customer[] => {
    const phones = new Set<string>();
    const emails = new Set<string>();
    const todayYear = Number(calendar.today.slice(0, 4));
    return Array.from({ length: count }, (_, index) => {
        // Most of a studio's customers are women.
        const female = random.chance(0.75);
        const firstName = random.pick(female ? FEMALE_NAMES : MALE_NAMES);
        const surname = random.pick(SURNAMES);
        const lastName = female ? `${surname}а` : surname;
        const birthDate = random.chance(0.6)
            ? `${todayYear - random.int(16, 55)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`
            : null;
        return {
            id: index + 1,
            firstName,
            lastName,
            phone: makePhone(random, phones),
            email: random.chance(0.55)
                ? makeEmail(random, firstName, lastName, birthDate ? Number(birthDate.slice(0, 4)) : null, emails)
                : null,
            birthDate,
            status: 'lead',
            source: random.chance(0.75) ? random.pick(SOURCES[locale]) : null,
            notes: random.chance(0.1) ? random.pick(CUSTOMER_NOTES) : null,
            locale: null,
            notify: null,
            telegramLinked: false,
            createdAt: localInstant(calendar, calendar.setupDay, '10:00'),
        };
    });
};
