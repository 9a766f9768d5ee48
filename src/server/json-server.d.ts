declare module 'json-server' {
    import type { Request, Response, Router } from 'express';

    interface LowChain {
        value(): unknown;
    }
    export interface LowDatabase {
        getState(): object;
        setState(state: object): LowDatabase;
        get(path: string): LowChain;
    }
    export interface JsonServerRouter extends Router {
        db: LowDatabase;
        render: (req: Request, res: Response) => void | Promise<void>;
    }
    export function router(source: object, options?: { foreignKeySuffix?: string }): JsonServerRouter;
    const jsonServer: { router: typeof router };
    export default jsonServer;
}
