import MeetingRoomOutlined from '@mui/icons-material/MeetingRoomOutlined';
import type { Studio } from '../../domain/types';
import { StudioCreate } from './StudioCreate';
import { StudioEdit } from './StudioEdit';
import { StudioList } from './StudioList';

export default {
    list: StudioList,
    create: StudioCreate,
    edit: StudioEdit,
    icon: MeetingRoomOutlined,
    recordRepresentation: (record: Studio) => record.name,
};
