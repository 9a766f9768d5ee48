import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import type { Direction } from '../../domain/types';
import { DirectionCreate } from './DirectionCreate';
import { DirectionEdit } from './DirectionEdit';
import { DirectionList } from './DirectionList';

export default {
    list: DirectionList,
    create: DirectionCreate,
    edit: DirectionEdit,
    icon: CategoryOutlined,
    recordRepresentation: (record: Direction) => record.name,
};
