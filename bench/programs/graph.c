/* graph.c: graph algorithms over adjacency lists.
 * A random sparse directed graph whose edges are malloc'd list nodes;
 * BFS from several sources (hop counts) and Dijkstra with a binary heap
 * (lazy deletion, array grown with realloc); prints a checksum of the
 * distances.
 * memlens:bench
 */
#include <stdio.h>
#include <stdlib.h>

#define RNG_SEED 0x853C49E6748FEA9BULL
#include "rng.h"

struct edge {
	int to;
	int weight;
	struct edge *next;
};

struct vertex {
	struct edge *edges;
	int degree;
};

struct graph {
	struct vertex *v;
	int n;
};

static void add_edge(struct graph *g, int from, int to, int weight)
{
	struct edge *e = malloc(sizeof *e);
	if (!e) {
		perror("malloc");
		exit(1);
	}
	e->to = to;
	e->weight = weight;
	e->next = g->v[from].edges;
	g->v[from].edges = e;
	g->v[from].degree++;
}

static void graph_free(struct graph *g)
{
	int i;
	for (i = 0; i < g->n; i++) {
		struct edge *e = g->v[i].edges;
		while (e) {
			struct edge *next = e->next;
			free(e);
			e = next;
		}
	}
	free(g->v);
}

static unsigned long long bfs(const struct graph *g, int src, int *hops, int *queue)
{
	int head = 0, tail = 0, i;
	unsigned long long sum = 0;
	for (i = 0; i < g->n; i++)
		hops[i] = -1;
	hops[src] = 0;
	queue[tail++] = src;
	while (head < tail) {
		int u = queue[head++];
		const struct edge *e;
		sum += (unsigned long long)hops[u];
		for (e = g->v[u].edges; e; e = e->next) {
			if (hops[e->to] < 0) {
				hops[e->to] = hops[u] + 1;
				queue[tail++] = e->to;
			}
		}
	}
	return sum * 1000003ULL + (unsigned long long)tail;
}

struct item {
	long dist;
	int vertex;
};

struct heap {
	struct item *a;
	size_t len;
	size_t cap;
};

static void heap_push(struct heap *h, long dist, int vertex)
{
	size_t i;
	if (h->len == h->cap) {
		h->cap = h->cap ? h->cap * 2 : 16;
		h->a = realloc(h->a, h->cap * sizeof *h->a);
		if (!h->a) {
			perror("realloc");
			exit(1);
		}
	}
	i = h->len++;
	while (i > 0) {
		size_t parent = (i - 1) / 2;
		if (h->a[parent].dist <= dist)
			break;
		h->a[i] = h->a[parent];
		i = parent;
	}
	h->a[i].dist = dist;
	h->a[i].vertex = vertex;
}

static struct item heap_pop(struct heap *h)
{
	struct item top = h->a[0], last = h->a[--h->len];
	size_t i = 0;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= h->len)
			break;
		if (c + 1 < h->len && h->a[c + 1].dist < h->a[c].dist)
			c++;
		if (last.dist <= h->a[c].dist)
			break;
		h->a[i] = h->a[c];
		i = c;
	}
	if (h->len > 0)
		h->a[i] = last;
	return top;
}

static unsigned long long dijkstra(const struct graph *g, int src, long *dist)
{
	struct heap h = { NULL, 0, 0 };
	unsigned long long sum = 0;
	int i, reached = 0;
	for (i = 0; i < g->n; i++)
		dist[i] = -1;
	dist[src] = 0;
	heap_push(&h, 0, src);
	while (h.len > 0) {
		struct item it = heap_pop(&h);
		const struct edge *e;
		if (it.dist != dist[it.vertex])
			continue; /* stale entry */
		reached++;
		sum += (unsigned long long)it.dist;
		for (e = g->v[it.vertex].edges; e; e = e->next) {
			long nd = it.dist + e->weight;
			if (dist[e->to] < 0 || nd < dist[e->to]) {
				dist[e->to] = nd;
				heap_push(&h, nd, e->to);
			}
		}
	}
	free(h.a);
	return sum * 31 + (unsigned long long)reached;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 100000;
	int degree = 6, sources = 8, i, k;
	struct graph g;
	int *hops, *queue;
	long *dist;
	unsigned long long sum = 0;

	g.n = n;
	g.v = calloc((size_t)n, sizeof *g.v);
	hops = malloc((size_t)n * sizeof *hops);
	queue = malloc((size_t)n * sizeof *queue);
	dist = malloc((size_t)n * sizeof *dist);
	if (!g.v || !hops || !queue || !dist) {
		perror("malloc");
		return 1;
	}
	for (i = 0; i < n; i++) {
		/* a ring keeps everything reachable; random edges make it small-world */
		add_edge(&g, i, (i + 1) % n, 1 + (int)(xorshift64() % 100));
		for (k = 1; k < degree; k++)
			add_edge(&g, i, (int)(xorshift64() % (unsigned long long)n),
				 1 + (int)(xorshift64() % 1000));
	}
	for (k = 0; k < sources; k++) {
		int src = (int)(xorshift64() % (unsigned long long)n);
		sum = sum * 1000003ULL + bfs(&g, src, hops, queue);
		sum = sum * 1000003ULL + dijkstra(&g, src, dist);
		sum ^= (unsigned long long)dist[(src + n / 2) % n];
	}
	printf("graph: n=%d sources=%d checksum=%016llx\n", n, sources, sum);
	graph_free(&g);
	free(hops);
	free(queue);
	free(dist);
	return 0;
}
