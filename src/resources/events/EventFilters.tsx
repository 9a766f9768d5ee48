import { cloneElement } from 'react';
import { DateInput, SelectInput } from 'react-admin';
import { eventStatuses } from '../../domain/schemas';
import { timetableFilters } from '../common/lists';
import { translatedChoices } from '../common/TranslatedField';

const statusChoices = translatedChoices(eventStatuses, 'resources.events.statuses');

// startsAt is a local `YYYY-MM-DDTHH:mm`: "To" a date takes every class of that day.
const endOfDay = (value: string) => (value ? `${value.slice(0, 10)}T23:59` : value);

/** Period, teacher, studio, course and status, all at hand; the week view starts at the week of "From". */
export const eventFilters = [
    <DateInput key="from" source="startsAt_gte" label="app.filters.from" alwaysOn />,
    <DateInput key="to" source="startsAt_lte" label="app.filters.to" parse={endOfDay} alwaysOn />,
    ...timetableFilters.map(filter => cloneElement(filter, { alwaysOn: true })),
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
];
