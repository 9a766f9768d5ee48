import EventOutlined from '@mui/icons-material/EventOutlined';
import { createElement } from 'react';
import { lazyComponent } from '../../app/lazy';
import { EventLabel } from '../common/eventLabel';

export default {
    list: lazyComponent(() => import('./EventList'), 'EventList'),
    // The seed opens one class at /events/{id}, react-admin's edit path: there it is its roster.
    edit: lazyComponent(() => import('./EventRoster'), 'EventRoster'),
    create: lazyComponent(() => import('./EventCreate'), 'EventCreate'),
    icon: EventOutlined,
    // An element, not a string: a class is named by its date and time in the user's language.
    recordRepresentation: createElement(EventLabel),
};
