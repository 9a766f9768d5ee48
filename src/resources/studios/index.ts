import MeetingRoomOutlined from '@mui/icons-material/MeetingRoomOutlined';
import { lazyComponent } from '../../app/lazy';
import type { Studio } from '../../domain/types';

export default {
    list: lazyComponent(() => import('./StudioList'), 'StudioList'),
    create: lazyComponent(() => import('./StudioCreate'), 'StudioCreate'),
    edit: lazyComponent(() => import('./StudioEdit'), 'StudioEdit'),
    icon: MeetingRoomOutlined,
    recordRepresentation: (record: Studio) => record.name,
};
