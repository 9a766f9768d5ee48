import type { ReactNode } from 'react';
import { Resource } from 'react-admin';
import { guarded, RequireAccess } from '../../app/guarded';
import type { PrototypeCollection } from '../../app/dataProvider';
import { canAccessPrototype } from '../../domain/roles';
import type { Role } from '../../domain/types';
import prototypes, { type PrototypeOptions } from './index';

const { edit: PrototypeEdit, ...views } = prototypes;

const PrototypeEditPage = () => (
    // Not guarded as the studio's edit screens are (by `show`, which read-only roles open as a card):
    // a prototype's edit screen is only a form, for the roles that may change the record.
    <RequireAccess action="edit">
        <PrototypeEdit />
    </RequireAccess>
);

const prototypeViews = { ...guarded(views), edit: PrototypeEditPage };

/** The names the server gives prototypes; anything else would make a route of its own. */
const prototypeName = /^[A-Za-z][A-Za-z0-9_-]*$/;

const resourceOf = ({ name }: PrototypeCollection) => {
    const options: PrototypeOptions = { label: name, prototype: true };
    return <Resource key={name} name={name} {...prototypeViews} options={options} />;
};

const fetchResources = async (load: () => Promise<PrototypeCollection[]>): Promise<ReactNode[]> => {
    try {
        const collections = await load();
        return collections.filter(({ name }) => prototypeName.test(name)).map(resourceOf);
    } catch (error) {
        console.warn('The prototype collections could not be loaded', error);
        return [];
    }
};

/**
 * The <Resource> of every prototype collection the role may open, for <Admin>'s function child.
 * Roles that see no prototypes get none at once, without a request, and react-admin renders no
 * loading page for them. A list that cannot be fetched gives none either: react-admin signs the user
 * out when the function child fails, and the studio's own screens work without prototypes.
 */
export const prototypeResources = (
    role: Role | undefined,
    load: () => Promise<PrototypeCollection[]>,
): ReactNode[] | Promise<ReactNode[]> => (canAccessPrototype(role, 'list') ? fetchResources(load) : []);
