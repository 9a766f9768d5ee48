import EventOutlined from '@mui/icons-material/EventOutlined';
import { lazyComponent } from '../../app/lazy';
import type { StudioEvent } from '../../domain/types';
import { eventLabel } from '../common/eventLabel';

export default {
    list: lazyComponent(() => import('./EventList'), 'EventList'),
    // The seed opens one class at /events/{id}, react-admin's edit path: there it is its roster.
    edit: lazyComponent(() => import('./EventRoster'), 'EventRoster'),
    create: lazyComponent(() => import('./EventCreate'), 'EventCreate'),
    icon: EventOutlined,
    recordRepresentation: (record: StudioEvent) => eventLabel(record),
};
