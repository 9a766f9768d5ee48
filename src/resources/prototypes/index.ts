import DataObjectOutlined from '@mui/icons-material/DataObjectOutlined';
import type { ResourceDefinition, ResourceOptions } from 'react-admin';
import { lazyComponent } from '../../app/lazy';

/** What marks a resource as a prototype collection: its label is the collection's name, in every language. */
export interface PrototypeOptions extends ResourceOptions {
    label: string;
    prototype: true;
}

export const isPrototype = (definition: ResourceDefinition): definition is ResourceDefinition<PrototypeOptions> =>
    definition.options?.prototype === true;

export default {
    list: lazyComponent(() => import('./PrototypeViews'), 'PrototypeList'),
    show: lazyComponent(() => import('./PrototypeViews'), 'PrototypeShow'),
    edit: lazyComponent(() => import('./PrototypeViews'), 'PrototypeEdit'),
    create: lazyComponent(() => import('./PrototypeCreate'), 'PrototypeCreate'),
    icon: DataObjectOutlined,
};
