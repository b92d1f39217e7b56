/** A thread's entry for the host's tests: says which host it found and what it was started with, then echoes. */
import { host } from '../../../../sim/core/host/host.js';

const parent = host('the test').parentThread();
parent?.post({ host: host('the test').name, data: parent.data });
parent?.listen((message) => parent.post({ echo: message }));
