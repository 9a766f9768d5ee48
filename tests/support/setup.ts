import { configure } from '@testing-library/dom';

// Screens rendered in AdminContext may take seconds to settle on a busy shared machine: findBy* and
// waitFor wait up to 30 s for what they look for instead of failing after one (10 s ran out in full runs).
configure({ asyncUtilTimeout: 30_000 });
