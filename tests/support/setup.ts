import { configure } from '@testing-library/dom';

// Screens rendered in AdminContext may take seconds to settle on a busy shared machine: findBy* and
// waitFor wait up to 10 s for what they look for instead of failing after one.
configure({ asyncUtilTimeout: 10_000 });
