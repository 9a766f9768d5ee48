import { CreateButton, ExportButton, SaveButton, Toolbar, TopToolbar } from 'react-admin';
import { DeleteWithConflictButton } from './DeleteWithConflict';

/** A settings list: create (for the roles that may) and export what is shown. */
export const SettingsListActions = () => (
    <TopToolbar>
        <CreateButton />
        <ExportButton />
    </TopToolbar>
);

/** A settings form: save, and delete with the server's refusal explained (and deactivation offered). */
export const SettingsFormToolbar = ({ deactivate = true }: { deactivate?: boolean }) => (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
        <SaveButton />
        <DeleteWithConflictButton deactivate={deactivate} />
    </Toolbar>
);
