/*
 * The booking rush: RUSH_CLIENTS clients booking one class of RUSH_SEATS seats at the same moment, each a
 * customer of their own with a pass (made first through the API), each asking for a place in line when
 * the class is full. Measured: the time until every answer is in, each request's latency, the seats
 * booked (exactly RUSH_SEATS is right) and the answers that were not 201.
 */
import { studioToday, addDays } from '../../domain/time';
import { postJson, request, summarize, type Summary } from './load';
import { RUSH_CLIENTS, RUSH_SEATS } from './options';

export interface Rush {
    allAnsweredMs: number;
    latency: Summary;
    booked: number;
    errors: number;
}

/** Makes `count` customers with a pass each, a few at a time; answers their ids. */
const customersWithPasses = async (base: string, token: string, count: number, today: string): Promise<number[]> => {
    const ids: number[] = [];
    for (let start = 0; start < count; start += 25) {
        const batch = Array.from({ length: Math.min(25, count - start) }, (_, index) => start + index);
        ids.push(
            ...(await Promise.all(
                batch.map(async n => {
                    const customer = JSON.parse(
                        await postJson(
                            `${base}/api/customers`,
                            {
                                firstName: 'Rush',
                                lastName: `Client ${n}`,
                                // Moscow landlines of their own: the seeded phones are mobiles, the writers' from 0.
                                phone: `+7 495 ${String(9_000_000 + n).padStart(7, '0')}`,
                                // Someone in line is told when the seat is theirs.
                                email: `rush-${n}@example.test`,
                                status: 'active',
                            },
                            token,
                        ),
                    ) as { id: number };
                    await postJson(
                        `${base}/api/passes`,
                        {
                            customerId: customer.id,
                            subscriptionId: 1,
                            name: 'Rush pass',
                            price: 0,
                            visitsTotal: 4,
                            startsOn: addDays(today, -1),
                            endsOn: addDays(today, 30),
                        },
                        token,
                    );
                    return customer.id;
                }),
            )),
        );
    }
    return ids;
};

export const bookingRush = async (base: string, token: string): Promise<Rush> => {
    const get = async (path: string) =>
        JSON.parse(await request(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } })) as never;
    const config: { timezone: string } = await get('/api/configs/general');
    const today = studioToday(config.timezone, new Date());
    const [course]: { id: number }[] = await get('/api/courses?range=[0,0]');
    const [teacher]: { id: number }[] = await get(
        `/api/users?filter=${encodeURIComponent(JSON.stringify({ role: 'teacher' }))}&range=[0,0]`,
    );
    const studios: { id: number }[] = await get('/api/studios?sort=["id","DESC"]&range=[0,0]');
    // Late at night two days ahead: inside the booking window, clear of the seeded classes.
    const event = JSON.parse(
        await postJson(
            `${base}/api/events`,
            {
                title: 'Booking rush',
                courseId: course.id,
                teacherId: teacher.id,
                studioId: studios[0].id,
                startsAt: `${addDays(today, 2)}T23:40`,
                durationMinutes: 15,
                capacity: RUSH_SEATS,
            },
            token,
        ),
    ) as { id: number };
    const customers = await customersWithPasses(base, token, RUSH_CLIENTS, today);
    const started = performance.now();
    const latencies: number[] = [];
    let errors = 0;
    await Promise.all(
        customers.map(async customerId => {
            const sent = performance.now();
            try {
                const response = await fetch(`${base}/api/bookings`, {
                    method: 'POST',
                    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
                    body: JSON.stringify({ eventId: event.id, customerId, waitlist: true }),
                });
                await response.arrayBuffer();
                if (response.status !== 201) errors++;
            } catch {
                errors++;
            }
            latencies.push(performance.now() - sent);
        }),
    );
    const allAnsweredMs = performance.now() - started;
    const seats: { booked: number } = await get(`/api/events/${event.id}`);
    return { allAnsweredMs, latency: summarize(latencies), booked: seats.booked, errors };
};
