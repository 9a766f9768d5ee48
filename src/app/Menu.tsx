import type { ComponentType } from 'react';
import { ListSubheader } from '@mui/material';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import { Menu as RaMenu, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { canAccess, canOpenPage } from '../domain/roles';
import type { Role } from '../domain/types';
import attendances from '../resources/attendances';
import courses from '../resources/courses';
import customers from '../resources/customers';
import directions from '../resources/directions';
import events from '../resources/events';
import history from '../resources/history';
import schedules from '../resources/schedules';
import studios from '../resources/studios';
import subscriptions from '../resources/subscriptions';
import users from '../resources/users';

interface Entry {
    to: string;
    label: string;
    icon: ComponentType;
    allowed: (role: Role | undefined) => boolean;
}

const listOf = (resource: string) => (role: Role | undefined) => canAccess(role, { resource, action: 'list' });

/** The menu as a studio thinks of its work; each entry only for the roles that may open it. */
const groups: { title: string; entries: Entry[] }[] = [
    {
        title: 'app.menu.groups.today',
        entries: [{ to: '/', label: 'app.menu.dashboard', icon: DashboardOutlined, allowed: role => canOpenPage(role, 'dashboard') }],
    },
    {
        title: 'app.menu.groups.customers',
        entries: [{ to: '/customers', label: 'app.menu.customers', icon: customers.icon, allowed: listOf('customers') }],
    },
    {
        title: 'app.menu.groups.timetable',
        entries: [
            { to: '/schedules', label: 'app.menu.schedules', icon: schedules.icon, allowed: listOf('schedules') },
            { to: '/events', label: 'app.menu.events', icon: events.icon, allowed: listOf('events') },
            { to: '/attendances', label: 'app.menu.attendances', icon: attendances.icon, allowed: listOf('attendances') },
            { to: '/attendances/me', label: 'app.menu.my_attendances', icon: attendances.icon, allowed: role => role === 'teacher' },
        ],
    },
    {
        title: 'app.menu.groups.money',
        entries: [{ to: '/statistics/incomes', label: 'app.menu.statistics', icon: InsightsOutlined, allowed: role => canOpenPage(role, 'statistics') }],
    },
    {
        title: 'app.menu.groups.settings',
        entries: [
            { to: '/settings/users', label: 'app.menu.users', icon: users.icon, allowed: listOf('users') },
            { to: '/settings/courses', label: 'app.menu.courses', icon: courses.icon, allowed: listOf('courses') },
            { to: '/settings/studios', label: 'app.menu.studios', icon: studios.icon, allowed: listOf('studios') },
            { to: '/settings/directions', label: 'app.menu.directions', icon: directions.icon, allowed: listOf('directions') },
            { to: '/settings/subscriptions', label: 'app.menu.subscriptions', icon: subscriptions.icon, allowed: listOf('subscriptions') },
            { to: '/settings/statuses/customer', label: 'app.menu.customer_statuses', icon: LabelOutlined, allowed: listOf('statuses') },
            { to: '/settings/statuses/attendance', label: 'app.menu.attendance_statuses', icon: LabelOutlined, allowed: listOf('statuses') },
            { to: '/configs', label: 'app.menu.configs', icon: TuneOutlined, allowed: role => canOpenPage(role, 'configs') },
            { to: '/history', label: 'app.menu.history', icon: history.icon, allowed: listOf('auditEntries') },
        ],
    },
];

export const Menu = () => {
    const translate = useTranslate();
    const [open] = useSidebarState();
    const { permissions: role } = usePermissions<Role>();
    return (
        <RaMenu>
            {groups.map(group => {
                const entries = group.entries.filter(entry => entry.allowed(role));
                if (!entries.length) return null;
                return [
                    open && (
                        <ListSubheader key={group.title} disableSticky sx={{ bgcolor: 'transparent', lineHeight: '32px', mt: 1, textTransform: 'uppercase', fontSize: 12, letterSpacing: 0.8 }}>
                            {translate(group.title)}
                        </ListSubheader>
                    ),
                    ...entries.map(({ to, label, icon: Icon }) => <RaMenu.Item key={to} to={to} primaryText={translate(label)} leftIcon={<Icon />} />),
                ];
            })}
        </RaMenu>
    );
};
