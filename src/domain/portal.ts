import { e164Phone } from './phones';
import { addDays } from './time';
import { classTitle, ownTitle } from './timetable';
import type { Customer } from './types';

/*
 * The customers' portal's own rules, apart from the server: what a login is, who a login signs in, the
 * limits on sign-in codes, and from when a customer may pause their own pass.
 */

/** A code works this long after it is sent, and this many wrong tries spend it. */
export const codeMinutes = 10;
export const codeTries = 5;
/** Codes sent to one login: one a minute, five an hour. */
export const codeSpacingMs = 60_000;
const codesPerHour = 5;
/** A staff-made sign-in link works once, for a day. */
export const signInLinkHours = 24;
/** A portal session lasts this many days unless PORTAL_SESSION_DAYS says otherwise. */
export const defaultSessionDays = 90;

/** What a customer signs in with: their e-mail or their phone (read in the studio's country, stored E.164). */
export type Login = { email: string } | { phone: string };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The login typed, as the records hold it; undefined when it is neither an e-mail nor a phone. */
export const loginOf = (typed: string, country: string): Login | undefined => {
    const trimmed = typed.trim();
    if (trimmed.includes('@')) return emailPattern.test(trimmed) ? { email: trimmed.toLowerCase() } : undefined;
    const phone = e164Phone(trimmed, country);
    return phone ? { phone } : undefined;
};

/** One text per login, for the limits counted by login. */
export const loginKey = (login: Login): string => ('email' in login ? `email:${login.email}` : `phone:${login.phone}`);

/**
 * Whom a login signs in among the customers who have it: a phone shared by a family signs in its adults
 * (those who are nobody's ward), never a child through the parent's number; a login only wards have
 * (a teenager's own e-mail) signs them in.
 */
export const signInCandidates = <C extends Pick<Customer, 'guardianId'>>(holders: C[]): C[] => {
    const adults = holders.filter(holder => holder.guardianId == null);
    return adults.length ? adults : holders;
};

/** Six digits, from a random number below a million. */
export const codeOf = (random: number): string => String(Math.floor(random) % 1_000_000).padStart(6, '0');

/** The sending times of the last hour that count against the next code, and whether one may go at `now`. */
export const codeAllowed = (sent: readonly string[], now: Date): { recent: string[]; allowed: boolean } => {
    const recent = sent.filter(at => now.getTime() - Date.parse(at) < 3_600_000);
    const last = recent.length ? Math.max(...recent.map(at => Date.parse(at))) : -Infinity;
    return { recent, allowed: recent.length < codesPerHour && now.getTime() - last >= codeSpacingMs };
};

/** The first day a customer may pause their own pass from: tomorrow, so that today's classes stand. */
export const firstPauseDay = (today: string): string => addDays(today, 1);

/** Freeze days a pass has left of its plan's: a pass is frozen once (the staff's rule too), so none once it was. */
export const freezeDaysLeft = (pass: { frozenFrom?: string | null }, freezeDays: number): number =>
    pass.frozenFrom ? 0 : freezeDays;

/** A title that only says when a group meets ("Ср/Пт 14:00", "Mon/Wed 19:00"): the studio's name for the group. */
const slotLabel =
    /^(?:[\s/,;&+·|–—-]*(?:пн|вт|ср|чт|пт|сб|вс|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|\d{1,2}[:.]\d{2})\.?)+[\s/,;&+·|–—-]*$/i;

/**
 * A class's name as customers know it: its course's (else its direction's). A group's title, which every
 * class made from the group carries, is the studio's own name for the group ("Ср/Пт 14:00") and is left
 * out; a single class's own title ("Open flow") is part of its name, unless it only says when it meets.
 */
export const customerClassName = (
    names: { course?: string; direction?: string },
    event: { title?: string | null; scheduleId?: number | null },
): string => {
    const course = names.course?.trim() || names.direction?.trim() || '';
    const own = event.scheduleId == null ? ownTitle(event.title, course || undefined) : null;
    if (!own || slotLabel.test(own)) return course || own || '';
    return classTitle(course, own);
};
