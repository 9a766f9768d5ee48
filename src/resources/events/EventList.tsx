import CalendarViewWeekOutlined from '@mui/icons-material/CalendarViewWeekOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { lazy, Suspense } from 'react';
import {
    CreateButton,
    DataTable,
    ExportButton,
    List,
    Loading,
    ReferenceField,
    TopToolbar,
    useStore,
    useTranslate,
} from 'react-admin';
import type { StudioEvent } from '../../domain/types';
import { ClassTitleField } from '../common/ClassTitleField';
import { DateTimeField } from '../common/dates';
import { TranslatedField } from '../common/TranslatedField';
import { recordExporter } from '../common/exporter';
import { BookedField } from './BookedField';
import { eventFilters } from './EventFilters';
import { useStudioToday } from '../../app/studio';

// The week grid is only needed when someone asks for it.
const WeekView = lazy(() => import('./WeekView'));

type View = 'list' | 'week';

const EventActions = ({ view, setView }: { view: View; setView: (view: View) => void }) => {
    const translate = useTranslate();
    return (
        <TopToolbar>
            <ToggleButtonGroup
                size="small"
                exclusive
                value={view}
                onChange={(_event, next: View | null) => next && setView(next)}
            >
                <ToggleButton value="list" aria-label={translate('app.timetable.views.list')}>
                    <ViewListOutlined fontSize="small" sx={{ mr: 0.5 }} />
                    {translate('app.timetable.views.list')}
                </ToggleButton>
                <ToggleButton value="week" aria-label={translate('app.timetable.views.week')}>
                    <CalendarViewWeekOutlined fontSize="small" sx={{ mr: 0.5 }} />
                    {translate('app.timetable.views.week')}
                </ToggleButton>
            </ToggleButtonGroup>
            <CreateButton />
            <ExportButton />
        </TopToolbar>
    );
};

const EventTable = () => (
    <DataTable<StudioEvent> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="startsAt" field={DateTimeField} />
        <DataTable.Col source="courseId">
            <ReferenceField source="courseId" reference="settings/courses" link={false} />
        </DataTable.Col>
        <DataTable.Col source="title">
            <ClassTitleField own />
        </DataTable.Col>
        <DataTable.Col source="teacherId">
            <ReferenceField source="teacherId" reference="settings/users" link={false} />
        </DataTable.Col>
        <DataTable.Col source="studioId">
            <ReferenceField source="studioId" reference="settings/studios" link={false} />
        </DataTable.Col>
        <DataTable.NumberCol source="durationMinutes" />
        <DataTable.NumberCol source="capacity" />
        {/* Counted per page by the server, never stored: not sortable. */}
        <DataTable.Col source="booked" disableSort field={BookedField} align="right" />
        <DataTable.Col source="status">
            <TranslatedField source="status" prefix="resources.events.statuses" />
        </DataTable.Col>
    </DataTable>
);

/**
 * The classes open at today: the list from today on, soonest first, and the week view at the week
 * holding today ("From" picks another). Today is the studio's, not the browser's.
 */
export const EventList = () => {
    const [view, setView] = useStore<View>('events.view', 'list');
    const today = useStudioToday();
    return (
        <List<StudioEvent>
            title="app.menu.events"
            filters={eventFilters}
            filterDefaultValues={{ startsAt_gte: today }}
            sort={{ field: 'startsAt', order: 'ASC' }}
            actions={<EventActions view={view} setView={setView} />}
            pagination={view === 'week' ? false : undefined}
            exporter={recordExporter}
        >
            {view === 'week' ? (
                <Suspense fallback={<Loading />}>
                    <WeekView />
                </Suspense>
            ) : (
                <EventTable />
            )}
        </List>
    );
};
