import java.io.IOException;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SimpleCollector;

/** Min, max and count of a double doc-values field over the collected documents (the embedded engine's range facet). */
final class PriceStats extends SimpleCollector {
  private final String field;
  private NumericDocValues values;
  double min = Double.POSITIVE_INFINITY;
  double max = Double.NEGATIVE_INFINITY;
  long count;

  PriceStats(String field) {
    this.field = field;
  }

  @Override
  protected void doSetNextReader(LeafReaderContext context) throws IOException {
    values = DocValues.getNumeric(context.reader(), field);
  }

  @Override
  public void collect(int doc) throws IOException {
    if (!values.advanceExact(doc)) return;
    double value = Double.longBitsToDouble(values.longValue());
    if (value < min) min = value;
    if (value > max) max = value;
    count++;
  }

  @Override
  public ScoreMode scoreMode() {
    return ScoreMode.COMPLETE_NO_SCORES;
  }
}
