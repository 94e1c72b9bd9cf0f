struct stream {
	int (*get)(const int *);
	int *cell;
	int limit;
};

int stream_limit(const struct stream *s) __attribute__((__pure__));
const int *stream_cell(const struct stream *s) __attribute__((pure));
int stream_set(struct stream *s, int limit);
