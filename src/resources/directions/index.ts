import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import type { Direction } from '../../domain/types';
import { DirectionList } from './DirectionList';

export default {
    list: DirectionList,
    icon: CategoryOutlined,
    recordRepresentation: (record: Direction) => record.name,
};
