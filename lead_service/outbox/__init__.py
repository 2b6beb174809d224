"""The sales team's notifications: the queue written with each lead, the worker that delivers it,
the channels it delivers through, the messages it sends, and the worker's housekeeping."""
