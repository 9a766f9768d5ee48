import type { ComponentType } from 'react';
import {
    ListItemIcon,
    ListSubheader,
    MenuItem,
    Tooltip,
    Typography,
    styled,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import { Menu as RaMenu, usePermissions, useResourceDefinitions, useSidebarState, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { mayOpen, menuGroups, type Access, type MenuKey, type ResourceKey } from '../domain/routes';
import type { Role } from '../domain/types';
import attendances from '../resources/attendances';
import prototypes, { isPrototype } from '../resources/prototypes';
import { resourceScreens } from '../resources/registry';

interface Entry {
    to: string;
    /** A catalogue key, or the text itself when `verbatim`. */
    label: string;
    verbatim?: boolean;
    icon: ComponentType;
    access: Access;
}

interface Group {
    title: string;
    entries: Entry[];
}

/** The icon of each entry of the route manifest's menu: a resource's is its folder's. */
const icons: Record<string, ComponentType> = {
    ...Object.fromEntries(Object.entries(resourceScreens).map(([key, screens]) => [key, screens.icon])),
    dashboard: DashboardOutlined,
    myAttendances: attendances.icon,
    statistics: InsightsOutlined,
    payroll: PaymentsOutlined,
    customerStatuses: LabelOutlined,
    attendanceStatuses: LabelOutlined,
    configs: TuneOutlined,
} satisfies Record<Exclude<MenuKey, ResourceKey>, ComponentType>;

/** The menu as a studio thinks of its work (src/domain/routes.ts); each entry only for the roles that may open it. */
const groups: Group[] = menuGroups.map(({ title, entries }) => ({
    title,
    entries: entries.map(({ key, to, label, access }) => ({ to, label, access, icon: icons[key] })),
}));

/**
 * The collections a developer added to db.json, by name: they have no translations, and their name is
 * what the developer looks for. Known only once <Admin> has fetched them, so built from its resources.
 */
const usePrototypeGroup = (): Group => {
    const definitions = useResourceDefinitions();
    const names = Object.values(definitions)
        .filter(isPrototype)
        .map(definition => definition.name)
        .sort();
    return {
        title: 'app.menu.groups.prototypes',
        entries: names.map(name => ({
            to: `/${name}`,
            label: name,
            verbatim: true,
            icon: prototypes.icon,
            access: { resource: name, action: 'list' },
        })),
    };
};

/**
 * The entry to highlight for a path: the longest one the path is or lies under, so that /attendances/me
 * lights "My classes" and not "Attendance" too. The dashboard's "/" only for "/" itself.
 */
export const activeEntry = (paths: string[], pathname: string): string | undefined =>
    paths
        .filter(path => pathname === path || (path !== '/' && pathname.startsWith(`${path}/`)))
        .reduce<string | undefined>(
            (best, path) => (best === undefined || path.length > best.length ? path : best),
            undefined,
        );

// react-admin's menu item highlights every entry whose path is a prefix of the location; this one
// takes the highlight from the menu, and keeps react-admin's classes so that the theme styles it alike.
const EntryItem = styled(MenuItem, { name: 'RaMenuItemLink', overridesResolver: (_, styles) => styles.root })(
    ({ theme }) => ({
        color: (theme.vars || theme).palette.text.secondary,
        '& .RaMenuItemLink-icon': { color: (theme.vars || theme).palette.text.secondary, minWidth: theme.spacing(5) },
        '&.RaMenuItemLink-active': { color: (theme.vars || theme).palette.text.primary },
    }),
) as typeof MenuItem; // styled() drops the `component` prop from MenuItem's type, which the Link needs.

const MenuEntry = ({
    to,
    label,
    icon: Icon,
    active,
}: {
    to: string;
    label: string;
    icon: ComponentType;
    active: boolean;
}) => {
    const [open, setOpen] = useSidebarState();
    const small = useMediaQuery<Theme>(theme => theme.breakpoints.down('md'));
    const item = (
        <EntryItem
            component={Link}
            to={to}
            className={active ? 'RaMenuItemLink-root RaMenuItemLink-active' : 'RaMenuItemLink-root'}
            aria-current={active ? 'page' : undefined}
            // On a phone the menu covers the page: it closes once an entry is chosen.
            onClick={() => small && setOpen(false)}
        >
            <ListItemIcon className="RaMenuItemLink-icon">
                <Icon />
            </ListItemIcon>
            <Typography variant="inherit" noWrap sx={{ flexGrow: 1 }}>
                {label}
            </Typography>
        </EntryItem>
    );
    // A closed menu shows icons only: the name comes as a tooltip.
    return open ? (
        item
    ) : (
        <Tooltip title={label} placement="right">
            {item}
        </Tooltip>
    );
};

export const Menu = () => {
    const translate = useTranslate();
    const [open] = useSidebarState();
    const { permissions: role } = usePermissions<Role>();
    const { pathname } = useLocation();
    const prototypeGroup = usePrototypeGroup();
    const allowed = [...groups, prototypeGroup].map(group => ({
        ...group,
        entries: group.entries.filter(entry => mayOpen(role, entry.access)),
    }));
    const active = activeEntry(
        allowed.flatMap(group => group.entries.map(entry => entry.to)),
        pathname,
    );
    return (
        <RaMenu>
            {allowed.map(({ title, entries }) => {
                if (!entries.length) return null;
                return [
                    open && (
                        <ListSubheader
                            key={title}
                            disableSticky
                            sx={{
                                bgcolor: 'transparent',
                                lineHeight: '32px',
                                mt: 1,
                                textTransform: 'uppercase',
                                fontSize: 12,
                                letterSpacing: 0.8,
                            }}
                        >
                            {translate(title)}
                        </ListSubheader>
                    ),
                    ...entries.map(({ to, label, verbatim, icon }) => (
                        <MenuEntry
                            key={to}
                            to={to}
                            label={verbatim ? label : translate(label)}
                            icon={icon}
                            active={to === active}
                        />
                    )),
                ];
            })}
        </RaMenu>
    );
};
