import { Component, type ReactNode } from 'react';
import { isChunkLoadError, isCrawler, reloadForChunk } from './recovery';
import { ErrorScreen } from './ErrorScreen';

interface Props {
    children: ReactNode;
    /** Where "go to the home page" leads: a router navigation when inside the app. */
    goHome: () => void;
    /** Resets the boundary when this changes, e.g. the location. */
    resetKey?: string;
}

interface State {
    error: Error | null;
    resetKey?: string;
}

/** Catches render errors of the page inside the layout and shows the seed's error screen. */
export class ErrorBoundary extends Component<Props, State> {
    override state: State = { error: null, resetKey: this.props.resetKey };

    static getDerivedStateFromError(error: Error): Partial<State> {
        return { error };
    }

    static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
        // Navigating away from a broken page clears the error.
        if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
        return null;
    }

    override componentDidCatch(error: Error) {
        console.error(error);
        if (isChunkLoadError(error)) reloadForChunk();
    }

    private retry = () => this.setState({ error: null });

    private back = () => {
        this.setState({ error: null });
        window.history.back();
    };

    private home = () => {
        this.setState({ error: null });
        this.props.goHome();
    };

    override render() {
        const { error } = this.state;
        if (!error) return this.props.children;
        if (isCrawler()) return null;
        return (
            <ErrorScreen
                error={error}
                onRetry={this.retry}
                onBack={window.history.length > 1 ? this.back : undefined}
                onHome={this.home}
            />
        );
    }
}
