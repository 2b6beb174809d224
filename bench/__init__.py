"""`make bench`: the site's speed, weight and quality and the lead service's throughput, measured
side by side in one run. The report: docs/performance.md."""
