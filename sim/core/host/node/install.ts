/** Importing this module installs Node's host in this thread: the Node API's way of saying it runs in Node. */
import { installNodeHost } from './index.js';

installNodeHost();
