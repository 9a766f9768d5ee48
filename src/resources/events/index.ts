import EventOutlined from '@mui/icons-material/EventOutlined';
import type { StudioEvent } from '../../domain/types';
import { eventLabel } from '../common/eventLabel';
import { EventCreate } from './EventCreate';
import { EventList } from './EventList';
import { EventRoster } from './EventRoster';

export default {
    list: EventList,
    // The seed opens one class at /events/{id}, react-admin's edit path: there it is its roster.
    edit: EventRoster,
    create: EventCreate,
    icon: EventOutlined,
    recordRepresentation: (record: StudioEvent) => eventLabel(record),
};
