import EventOutlined from '@mui/icons-material/EventOutlined';
import type { StudioEvent } from '../../domain/types';
import { eventLabel } from '../common/eventLabel';
import { EventCard } from './EventCard';
import { EventList } from './EventList';

export default {
    list: EventList,
    // The seed opens one class at /events/{id}, react-admin's edit path.
    edit: EventCard,
    icon: EventOutlined,
    recordRepresentation: (record: StudioEvent) => eventLabel(record),
};
