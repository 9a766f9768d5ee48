import type { Identifier, StudioEvent } from '../../domain/types';
import type { Reader } from '../storage/types';

/*
 * Which passes could pay a visit to a class: the class's day and its course's direction decide it (the
 * charging rule in src/domain/passes.ts picks among them). One place for the lookup the roster, marking
 * and settling debts all make.
 */

/** What a visit is charged by: the class's date and its course's direction (-1 when the course is gone). */
interface Visit {
    date: string;
    directionId: Identifier;
}

export const visitTo = async (reader: Reader, event: Pick<StudioEvent, 'startsAt' | 'courseId'>): Promise<Visit> => ({
    date: event.startsAt.slice(0, 10),
    directionId: (await reader.get('courses', event.courseId))?.directionId ?? -1,
});

/** The passes of these customers not ended before `date`: the only ones that can pay a visit that day. */
export const passesOpenOn = (reader: Reader, customerIds: Identifier[], date: string) =>
    reader.select('passes', [
        { field: 'customerId', kind: 'equals', values: customerIds },
        { field: 'endsOn', kind: 'gte', value: date },
    ]);
