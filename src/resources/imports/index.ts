import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { lazyComponent } from '../../app/lazy';
import type { Import } from '../../domain/types';

/*
 * Customers imported from another system's CSV file: the history of imports (each undone from there),
 * and the import itself as the create screen, opened from the Customers list.
 */
export default {
    list: lazyComponent(() => import('./ImportList'), 'ImportList'),
    create: lazyComponent(() => import('./ImportCreate'), 'ImportCreate'),
    icon: UploadFileOutlined,
    recordRepresentation: (record: Import) => record.fileName,
};
