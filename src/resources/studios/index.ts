import MeetingRoomOutlined from '@mui/icons-material/MeetingRoomOutlined';
import type { Studio } from '../../domain/types';
import { StudioList } from './StudioList';

export default {
    list: StudioList,
    icon: MeetingRoomOutlined,
    recordRepresentation: (record: Studio) => record.name,
};
