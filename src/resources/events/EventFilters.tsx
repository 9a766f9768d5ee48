import { DateInput, SelectInput } from 'react-admin';
import { eventStatuses } from '../../domain/schemas';
import { timetableFilters } from '../common/lists';
import { translatedChoices } from '../common/TranslatedField';

const statusChoices = translatedChoices(eventStatuses, 'resources.events.statuses');

/** Period, teacher, studio, course and status; the week view starts at the week of "From". */
export const eventFilters = [
    <DateInput key="from" source="startsAt_gte" label="app.filters.from" alwaysOn />,
    <DateInput key="to" source="startsAt_lte" label="app.filters.to" alwaysOn />,
    ...timetableFilters,
    <SelectInput key="status" source="status" choices={statusChoices} />,
];
