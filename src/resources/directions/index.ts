import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import { lazyComponent } from '../../app/lazy';
import type { Direction } from '../../domain/types';

export default {
    list: lazyComponent(() => import('./DirectionList'), 'DirectionList'),
    create: lazyComponent(() => import('./DirectionCreate'), 'DirectionCreate'),
    edit: lazyComponent(() => import('./DirectionEdit'), 'DirectionEdit'),
    icon: CategoryOutlined,
    recordRepresentation: (record: Direction) => record.name,
};
